import type { AssetType } from '@disc/types';

/**
 * The transaction-cost model every proposal and plan uses (documented in docs/portfolio.md).
 *
 * A trade of `amount` USD in an instrument of type `t` costs
 *   commission_per_trade + |amount| × half_spread_bps[t] / 10 000.
 * The half spread is what a market order pays relative to the mid price; it is charged on
 * each side, so a replacement (sell + buy) pays two commissions and two half spreads.
 * The defaults are typical retail figures: zero-commission brokers still charge regulatory
 * fees, so 1 USD per trade; liquid ETFs quote spreads of 1–5 bps, large caps ~10 bps,
 * major coins on retail venues ~50 bps round trip.
 */
export interface TransactionCostModel {
  /** USD charged once per trade, whatever its size. */
  commission_per_trade: number;
  /** Half the bid–ask spread in basis points (1 bp = 0.01 %), per asset type. */
  half_spread_bps: Readonly<Record<AssetType, number>>;
}

export const DEFAULT_TRANSACTION_COST_MODEL: TransactionCostModel = Object.freeze({
  commission_per_trade: 1,
  half_spread_bps: Object.freeze({ etf: 2, stock: 5, crypto: 25 }),
});

/** Cost in USD of one trade; a zero-sized trade is not executed and costs nothing. */
export function tradeCost(
  amount: number,
  assetType: AssetType,
  model: TransactionCostModel = DEFAULT_TRANSACTION_COST_MODEL,
): number {
  if (amount === 0) return 0;
  return model.commission_per_trade + (Math.abs(amount) * model.half_spread_bps[assetType]) / 10_000;
}

/** Rounds a USD amount to cents for results; maths stays unrounded. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Rounds a share count for results: to six decimals, and below 0.1 shares to six
 * significant digits (where six decimals would keep fewer, down to none: 4e-7 shares stays
 * 4e-7, never 0). The plan's maths stays unrounded. */
export function roundShares(shares: number): number {
  return Math.abs(shares) >= 0.1 ? roundTo(shares, 6) : Number(shares.toPrecision(6));
}

export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
