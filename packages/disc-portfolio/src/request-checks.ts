import { DiscoveryValidationError } from '@disc/types';
import type { IntegrationRequest } from './integration-types';

/** The largest amount of money, in USD, a request may carry (`current_value`, `cash`,
 * `total_value`, `cost_basis`, `max_transaction_cost`, a portfolio's `total_value`): 10^13, ten
 * trillion USD. It is several times any single portfolio in existence, and it keeps every amount
 * exact to the cent in a double (cents are exact up to 2^53 / 100 ≈ 9 × 10^13 USD), so the
 * plan's sums and costs stay finite and round to the cent. docs/portfolio.md. */
export const MAX_AMOUNT_USD = 1e13;

/** The largest share count a holding may have: 10^15, above the supply of any listed share
 * or coin, so that counts with their six decimals stay finite. */
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
  constructor(failures: readonly RequestFailure[]) {
    super(`Invalid integration request: ${failures.map((f) => `${f.path} ${f.message}`).join('; ')}`, {
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
    ...repeats(Array.isArray(holdings) ? holdings : [], '/current_portfolio/holdings', 'holding'),
    ...repeats(Array.isArray(request?.discoveries) ? request.discoveries : [], '/discoveries', 'discovery'),
  ];
}

/** Throws DuplicateSymbolError when a symbol is listed twice (see duplicateSymbols). */
export function assertUniqueSymbols(request: IntegrationRequest): void {
  const failures = duplicateSymbols(request);
  if (failures.length > 0) throw new DuplicateSymbolError(failures);
}

function repeats(items: readonly { symbol?: unknown }[], at: string, what: string): RequestFailure[] {
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
