import { MIN_TRADE_USD, type Leg, type Position } from './integration-groups';
import type { ConstraintViolation, Trade } from './integration-types';
import { roundCents, roundShares, tradeCost, type TransactionCostModel } from './transaction-costs';

export interface ExecutionRules {
  model: TransactionCostModel;
  /** Rebalancing threshold in USD. */
  threshold: number;
  /** Where what could not be done is recorded. */
  violations: ConstraintViolation[];
}

/**
 * Executes legs against the positions (mutated) and the cash: every sell before any buy, so
 * proceeds fund purchases. A sell never exceeds what is held and is skipped when it would
 * cost more than it raises; a buy that cash cannot cover, costs included, is scaled down to
 * what cash covers (and dropped when that is under the threshold). Cash never goes negative.
 */
export function executeLegs(
  legs: readonly Leg[],
  positions: Map<string, Position>,
  startCash: number,
  rules: ExecutionRules,
): { trades: Trade[]; cash: number; costs: number } {
  const { model, threshold, violations } = rules;
  let cash = startCash;
  let costs = 0;
  const trades: Trade[] = [];
  for (const leg of [...legs.filter((l) => l.action === 'sell'), ...legs.filter((l) => l.action === 'buy')]) {
    let amount = leg.amount;
    if (leg.action === 'sell') {
      amount = Math.min(amount, positions.get(leg.symbol.toUpperCase())?.value ?? 0);
      if (amount < MIN_TRADE_USD) continue;
    } else if (amount + tradeCost(amount, leg.assetType, model) > cash + 1e-9) {
      const rate = model.half_spread_bps[leg.assetType] / 10_000;
      amount = Math.max(0, (cash - model.commission_per_trade) / (1 + rate));
      const dropped = amount < Math.max(threshold, MIN_TRADE_USD);
      violations.push({
        constraint: 'cash',
        symbol: leg.symbol,
        message: dropped
          ? `Cash after sales (${roundCents(cash)} USD) cannot pay for the ${roundCents(leg.amount)} USD buy of ${leg.symbol}; skipped.`
          : `Cash after sales covers ${roundCents(amount)} of the ${roundCents(leg.amount)} USD buy of ${leg.symbol}; the buy was reduced.`,
      });
      if (dropped) continue;
    }
    const cost = tradeCost(amount, leg.assetType, model);
    if (leg.action === 'sell' && cost >= amount) {
      violations.push({
        constraint: 'cash',
        symbol: leg.symbol,
        message: `Selling ${roundCents(amount)} USD of ${leg.symbol} would cost ${roundCents(cost)} USD, more than it raises; skipped.`,
      });
      continue;
    }
    costs += cost;
    cash += leg.action === 'sell' ? amount - cost : -(amount + cost);
    const shares = sharesOf(leg, amount, positions.get(leg.symbol.toUpperCase()));
    trades.push({
      action: leg.action,
      symbol: leg.symbol,
      shares: roundShares(shares),
      amount: roundCents(amount),
      reason: leg.reason,
      replacement_for: leg.replacementFor,
    });
    apply(positions, leg, amount, shares);
  }
  return { trades, cash, costs };
}

/** Whole-position sells keep the exact share count (also a second sale that takes what an
 * earlier trim left); other trades convert at the leg's price, which buildGroups made a
 * positive finite price within SHARE_PRICE_LIMITS_USD, so the count is above 0. */
function sharesOf(leg: Leg, amount: number, held: Position | undefined): number {
  if (leg.shares !== undefined && amount === leg.amount) return leg.shares;
  if (leg.action === 'sell' && held !== undefined && amount >= held.value) return held.shares;
  return amount / leg.price;
}

function apply(positions: Map<string, Position>, leg: Leg, amount: number, shares: number): void {
  const key = leg.symbol.toUpperCase();
  const p = positions.get(key) ?? {
    symbol: leg.symbol,
    shares: 0,
    value: 0,
    price: leg.price,
    assetType: leg.assetType,
    costBasis: undefined,
  };
  p.shares += leg.action === 'buy' ? shares : -shares;
  p.value += leg.action === 'buy' ? amount : -amount;
  // Sold out: a whole-position sale leaves exactly 0 shares and 0 value. A position is judged
  // by its value, never by an absolute share count: 1e-12 shares can be worth millions.
  if (!(p.shares > 0) || p.value <= 1e-6) positions.delete(key);
  else positions.set(key, p);
}
