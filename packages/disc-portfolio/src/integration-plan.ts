import type { PortfolioImprovement } from '@disc/types';
import { finalScoreOf, type HoldingView } from './holdings';
import { evaluateChange } from './improvement';
import { executeLegs } from './integration-execute';
import {
  buildGroups,
  groupCost,
  harvestLosses,
  positionsOf,
  type Position,
  type TradeGroup,
} from './integration-groups';
import type {
  ConstraintViolation,
  CurrentPortfolio,
  IntegrationContext,
  IntegrationPlan,
  IntegrationRequest,
  ReplacementMatch,
} from './integration-types';
import { assertConsistentPortfolio, assertUniqueSymbols } from './request-checks';
import { DEFAULT_TRANSACTION_COST_MODEL, roundCents, roundShares } from './transaction-costs';

/**
 * Turns discoveries into trades (documented in docs/portfolio.md):
 * 1. one group of trades per discovery (sell the replaced holding, buy to the target share),
 *    dropping trades under `rebalancing_threshold` × total value;
 * 2. with `tax_loss_harvesting`, positions at a loss join the group of a same-type discovery;
 * 3. groups are admitted, best first (harvested losses, then first-year benefit), while the
 *    running cost stays within the budget (`max_transaction_cost` USD and/or
 *    `max_transaction_cost_fraction` × total value); the rest are deferred;
 * 4. sells execute before buys (a sale that would cost more than it raises is skipped); a
 *    buy that cash cannot pay for in full is scaled down, so cash never goes negative.
 * The plan never breaks a constraint; `constraint_violations` says what of the request could
 * not be done and why, and `within_constraints` is true when that list is empty. A symbol
 * listed twice among the holdings or among the discoveries (case ignored) is refused with
 * DuplicateSymbolError; a portfolio that contradicts itself (a holding with a value but no
 * shares, a traded holding with shares but no value, a total_value that is not holdings plus
 * cash, a price per share outside SHARE_PRICE_LIMITS_USD) with InconsistentPortfolioError,
 * since its plan would hold impossible trades. Amounts up to MAX_AMOUNT_USD and share counts
 * up to MAX_SHARES give finite numbers throughout; every trade and every resulting holding
 * with a value has shares above 0 (counts keep at least six significant digits, roundShares).
 */
export function planIntegration(request: IntegrationRequest, ctx: IntegrationContext): IntegrationPlan {
  assertUniqueSymbols(request);
  assertConsistentPortfolio(request, ctx);
  const pf = request.current_portfolio;
  const model = ctx.costModel ?? DEFAULT_TRANSACTION_COST_MODEL;
  const total = pf.total_value > 0 ? pf.total_value : pf.holdings.reduce((s, h) => s + h.current_value, 0) + pf.cash;
  const threshold = (request.constraints?.rebalancing_threshold ?? 0) * total;
  const budget = costBudget(request, total);
  const violations: ConstraintViolation[] = [];
  const replacements: ReplacementMatch[] = [];
  const positions = positionsOf(request, ctx);
  const groups = buildGroups(request, ctx, positions, total, violations, replacements);
  if (request.constraints?.tax_loss_harvesting) harvestLosses(groups, positions, threshold);

  const holdingViews = pf.holdings.map((h): HoldingView => viewOf(h.symbol, h.current_value, ctx));
  const evaluated = groups.map((group) => ({ group, ...improvementFor(group, holdingViews, total, ctx) }));
  evaluated.sort((a, b) => b.group.harvestedLoss - a.group.harvestedLoss || b.benefit - a.benefit);
  const admitted: typeof evaluated = [];
  let committed = 0;
  for (const e of evaluated) {
    const cost = groupCost(e.group, ctx);
    if (committed + cost > budget + 1e-9) {
      violations.push({
        constraint: 'max_transaction_cost',
        symbol: e.group.symbol,
        message: `Integrating ${e.group.symbol} would cost ${roundCents(cost)} USD and take the plan over its budget of ${roundCents(budget)} USD; deferred.`,
      });
      continue;
    }
    committed += cost;
    admitted.push(e);
  }
  // Admitted groups execute in request order, sells first so their proceeds fund the buys.
  const order = new Map(groups.map((g, i) => [g, i]));
  admitted.sort((a, b) => (order.get(a.group) ?? 0) - (order.get(b.group) ?? 0));
  const { trades, cash, costs } = executeLegs(
    admitted.flatMap((e) => e.group.legs),
    positions,
    pf.cash,
    { model, threshold, violations },
  );
  return {
    plan_id: ctx.plan_id,
    generated_at: ctx.generated_at,
    trades,
    resulting_portfolio: resultingPortfolio(positions, cash),
    estimated_transaction_costs: roundCents(costs),
    within_constraints: violations.length === 0,
    constraint_violations: violations,
    improvements: admitted.flatMap((e) => (e.improvement ? [e.improvement] : [])),
    replacements,
  };
}

/** The cost budget in USD: `max_transaction_cost` is money, `max_transaction_cost_fraction` a
 * share of total value; with both the smaller wins, with neither there is no budget. */
function costBudget(request: IntegrationRequest, total: number): number {
  const c = request.constraints ?? {};
  return Math.min(
    c.max_transaction_cost ?? Infinity,
    c.max_transaction_cost_fraction === undefined ? Infinity : c.max_transaction_cost_fraction * total,
  );
}

function viewOf(symbol: string, allocation: number, ctx: IntegrationContext): HoldingView {
  const key = symbol.toUpperCase();
  const instrument = ctx.instruments.get(key);
  const analysis = ctx.analyses?.get(key);
  return {
    symbol,
    allocation,
    ...(instrument ? { instrument } : {}),
    ...(analysis ? { final_score: finalScoreOf(analysis) } : {}),
  };
}

function improvementFor(
  group: TradeGroup,
  holdings: HoldingView[],
  total: number,
  ctx: IntegrationContext,
): { improvement?: PortfolioImprovement; benefit: number } {
  const instrument = ctx.instruments.get(group.symbol.toUpperCase());
  const analysis = ctx.analyses?.get(group.symbol.toUpperCase());
  const buy = group.legs.find((l) => l.action === 'buy' && l.symbol === group.symbol);
  if (!instrument || !analysis || !buy) return { benefit: 0 };
  const replaced = group.replaced ? (holdings.find((h) => h.symbol === group.replaced?.symbol) ?? null) : null;
  const options = {
    portfolioValue: total,
    addWeight: buy.amount / total,
    ...(ctx.riskFreeRate !== undefined ? { riskFreeRate: ctx.riskFreeRate } : {}),
    ...(ctx.costModel ? { costModel: ctx.costModel } : {}),
  };
  const { improvement, benefit } = evaluateChange(holdings, replaced, { analysis, instrument }, options);
  return { improvement, benefit };
}

function resultingPortfolio(positions: ReadonlyMap<string, Position>, cash: number): CurrentPortfolio {
  const holdings = [...positions.values()].map((p) => ({
    symbol: p.symbol,
    shares: roundShares(p.shares),
    current_value: roundCents(p.value),
  }));
  const total = holdings.reduce((s, h) => s + h.current_value, 0) + roundCents(cash);
  return { holdings, cash: roundCents(cash), total_value: roundCents(total) };
}
