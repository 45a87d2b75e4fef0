import { DiscoveryValidationError } from '@disc/types';
import { positionsOf, SHARE_PRICE_LIMITS_USD } from './integration-groups';
import type { IntegrationContext, IntegrationRequest } from './integration-types';
import { resolveReplacement } from './replacement-match';
import { roundCents } from './transaction-costs';

/** The largest amount of money, in USD, a request may carry (`current_value`, `cash`,
 * `total_value`, `cost_basis`, `max_transaction_cost`, a portfolio's `total_value`): 10^13, ten
 * trillion USD. It is several times any single portfolio in existence, and it keeps every amount
 * exact to the cent in a double (cents are exact up to 2^53 / 100 ≈ 9 × 10^13 USD), so the
 * plan's sums and costs stay finite and round to the cent. docs/portfolio.md. */
export const MAX_AMOUNT_USD = 1e13;

/** The largest share count a holding may have: 10^15, above the supply of any listed share
 * or coin, so that share counts in a plan stay finite. */
export const MAX_SHARES = 1e15;

/** One failing member of a request: its JSON Pointer and what is wrong. */
export interface RequestFailure {
  path: string;
  message: string;
}

/** A symbol listed twice among the holdings or among the discoveries (symbols are compared
 * without case: `NUH` and `nuh` are one instrument). A plan for such a request would keep one
 * of the two and drop the other's value, so it is refused. `details.errors` names each repeat
 * by its JSON Pointer, and its message the first occurrence. */
export class DuplicateSymbolError extends DiscoveryValidationError {
  override readonly name: string = 'DuplicateSymbolError';
  readonly failures: readonly RequestFailure[];
  /** `what` names the refused input in the message ("integration request", "portfolio_context"). */
  constructor(failures: readonly RequestFailure[], what = 'integration request') {
    super(`Invalid ${what}: ${failures.map((f) => `${f.path} ${f.message}`).join('; ')}`, {
      details: { errors: [...failures] },
    });
    this.failures = failures;
  }
}

/** The repeated symbols of a request's holdings and discoveries, each named by its JSON
 * Pointer (`/current_portfolio/holdings/1/symbol`) with the first occurrence in the message;
 * empty when every symbol is listed once. Members that are not strings are left to the
 * request's other checks. */
export function duplicateSymbols(request: IntegrationRequest): RequestFailure[] {
  const holdings = request?.current_portfolio?.holdings;
  return [
    ...repeatedSymbols(Array.isArray(holdings) ? holdings : [], '/current_portfolio/holdings', 'holding'),
    ...repeatedSymbols(Array.isArray(request?.discoveries) ? request.discoveries : [], '/discoveries', 'discovery'),
  ];
}

/** Throws DuplicateSymbolError when a symbol is listed twice (see duplicateSymbols). */
export function assertUniqueSymbols(request: IntegrationRequest): void {
  const failures = duplicateSymbols(request);
  if (failures.length > 0) throw new DuplicateSymbolError(failures);
}

/** The members of `items` (at JSON Pointer `at`) whose symbol repeats an earlier one, case
 * ignored, each named by `${at}/${index}/symbol` with the first occurrence in the message; `what`
 * is what one member is ("holding"). Members whose symbol is not a non-empty string are left
 * to the other checks. The same rule refuses repeated holdings of a discovery's
 * `portfolio_context` (in @disc/discovery). */
export function repeatedSymbols(items: readonly { symbol?: unknown }[], at: string, what: string): RequestFailure[] {
  const first = new Map<string, number>();
  const failures: RequestFailure[] = [];
  items.forEach((item, index) => {
    const symbol = item?.symbol;
    if (typeof symbol !== 'string' || symbol === '') return;
    const key = symbol.toUpperCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return;
    }
    failures.push({
      path: `${at}/${index}/symbol`,
      message: `repeats the symbol of ${at}/${earlier}/symbol ('${String(items[earlier]?.symbol)}'; symbols are compared without case): list each ${what} once`,
    });
  });
  return failures;
}

/** How far `total_value` may lie from the sum of the holdings' `current_value` and `cash`:
 * the larger of 1 USD and 0.01 % of that sum. Wide enough for amounts each rounded to the cent
 * (even a thousand holdings, each half a cent off, stay within it on any portfolio above
 * 50 000 USD) and for float sums; narrow enough that every target of the plan
 * (`recommended_allocation × total_value`) is within a hundredth of a percent of what the
 * portfolio can pay for. docs/portfolio.md. */
export const TOTAL_VALUE_TOLERANCE = { usd: 1, fraction: 0.0001 } as const;

/** A request whose numbers contradict each other: a holding with a value but no shares (its
 * price, `current_value / shares`, does not exist), a holding with shares but no value that
 * the request trades, or a `total_value` that is not the holdings plus cash. A plan for it
 * would contain impossible trades ("sell 0 shares for 13 850 USD") or size every target on a
 * wrong total, so it is refused. `details.errors` names each member by its JSON Pointer. */
export class InconsistentPortfolioError extends DiscoveryValidationError {
  override readonly name: string = 'InconsistentPortfolioError';
  readonly failures: readonly RequestFailure[];
  constructor(failures: readonly RequestFailure[]) {
    super(`Invalid integration request: ${failures.map((f) => `${f.path} ${f.message}`).join('; ')}`, {
      details: { errors: [...failures] },
    });
    this.failures = failures;
  }
}

/**
 * Where the portfolio of a request contradicts itself (docs/portfolio.md, "Consistent
 * portfolios"); empty when it does not:
 * - a holding with `current_value` above 0 must have `shares` above 0: a held symbol trades at
 *   `current_value / shares`, a price that must lie within SHARE_PRICE_LIMITS_USD;
 * - a holding with shares and `current_value` 0 has no price either, which matters only when
 *   the request trades it: a discovery of the same symbol, or the holding a discovery's
 *   `replacement_for` names (by symbol, or by instrument name when `ctx` gives the
 *   instruments; docs/portfolio.md, "Which holding replacement_for names");
 * - `total_value` must be the holdings' `current_value` plus `cash`, within
 *   TOTAL_VALUE_TOLERANCE.
 * Members of the wrong type are left to the request's other checks.
 */
export function portfolioInconsistencies(
  request: IntegrationRequest,
  ctx?: Pick<IntegrationContext, 'instruments'>,
): RequestFailure[] {
  const pf = request?.current_portfolio;
  const holdings = pf?.holdings;
  if (
    !Array.isArray(holdings) ||
    !holdings.every((h) => isAmount(h?.shares) && isAmount(h?.current_value) && typeof h?.symbol === 'string')
  )
    return [];
  const failures: RequestFailure[] = [];
  const traded = tradedHoldings(request, ctx);
  const { min, max } = SHARE_PRICE_LIMITS_USD;
  holdings.forEach((h, i) => {
    const at = `/current_portfolio/holdings/${i}`;
    const price = h.current_value / h.shares;
    if (h.current_value > 0 && !(h.shares > 0)) {
      failures.push({
        path: `${at}/shares`,
        message: `must be above 0 when current_value is above 0 (${h.symbol} is worth ${roundCents(h.current_value)} USD): a holding is priced at current_value / shares; give the number of shares held`,
      });
    } else if (h.current_value > 0 && !(price >= min && price <= max)) {
      failures.push({
        path: `${at}/shares`,
        message: `gives ${h.symbol} a price per share (current_value / shares = ${h.current_value} / ${h.shares}) of ${price.toPrecision(3)} USD, outside ${min.toExponential()} to ${max.toExponential()} USD: no trade of it could be counted in shares; give the number of shares held`,
      });
    } else if (h.shares > 0 && h.current_value === 0 && traded.has(h.symbol.toUpperCase())) {
      failures.push({
        path: `${at}/current_value`,
        message: `must be above 0 when the request trades ${h.symbol} (a discovery names it): it is priced at current_value / shares; give the position's market value in USD`,
      });
    }
  });
  const cash = pf?.cash;
  const total = pf?.total_value;
  if (isAmount(cash) && isAmount(total)) {
    const held = holdings.reduce((sum, h) => sum + h.current_value, 0);
    const sum = held + cash;
    const tolerance = Math.max(TOTAL_VALUE_TOLERANCE.usd, TOTAL_VALUE_TOLERANCE.fraction * sum);
    if (Math.abs(total - sum) > tolerance) {
      failures.push({
        path: '/current_portfolio/total_value',
        message: `must be the holdings' current_value plus cash: it is ${roundCents(total)} USD, but the holdings (${roundCents(held)} USD) and cash (${roundCents(cash)} USD) add up to ${roundCents(sum)} USD (allowed difference: ${roundCents(tolerance)} USD, the larger of 1 USD and 0.01 %)`,
      });
    }
  }
  return failures;
}

/** Throws InconsistentPortfolioError when the portfolio contradicts itself (see
 * portfolioInconsistencies). */
export function assertConsistentPortfolio(
  request: IntegrationRequest,
  ctx?: Pick<IntegrationContext, 'instruments'>,
): void {
  const failures = portfolioInconsistencies(request, ctx);
  if (failures.length > 0) throw new InconsistentPortfolioError(failures);
}

/** Upper-case symbols of the holdings a request trades: those a discovery repeats, and those
 * a discovery's replacement_for names. */
function tradedHoldings(request: IntegrationRequest, ctx?: Pick<IntegrationContext, 'instruments'>): Set<string> {
  const discoveries = Array.isArray(request?.discoveries) ? request.discoveries : [];
  const context = { plan_id: '', generated_at: '', instruments: ctx?.instruments ?? new Map() };
  const positions = positionsOf(request, context);
  const traded = new Set<string>();
  for (const d of discoveries) {
    if (typeof d?.symbol === 'string') traded.add(d.symbol.toUpperCase());
    if (typeof d?.replacement_for !== 'string' || d.replacement_for === '') continue;
    const match = resolveReplacement(String(d.symbol), d.replacement_for, positions, context);
    if (match.matched_holding !== null) traded.add(match.matched_holding.toUpperCase());
  }
  return traded;
}

/** A finite number from 0 (the limits are the request's other checks). */
function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
