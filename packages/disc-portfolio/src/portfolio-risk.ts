import type { PriceSeries } from '@disc/types';

/** One position of a portfolio for risk purposes: its weight and its daily closes. */
export interface WeightedSeries {
  weight: number;
  prices: PriceSeries;
}

export interface PortfolioRisk {
  /** Annualised standard deviation of daily portfolio returns (sample, n − 1), fraction. */
  volatility: number;
  /** (mean daily return × 252 − risk-free rate) / volatility; 0 when volatility is 0. */
  sharpe: number;
  /** Largest fall from a peak of the portfolio's value path, positive fraction. */
  max_drawdown: number;
  /** Daily returns the figures come from (after alignment). */
  observations: number;
}

const TRADING_DAYS = 252;
/** Three years of business days: long enough for a drawdown, short enough to stay cheap. */
export const RISK_LOOKBACK_RETURNS = 3 * TRADING_DAYS;

/**
 * Risk of a constant-weight portfolio (rebalanced daily to its weights). Weights are
 * normalised over the positions that have prices, so a position without a price history
 * does not dilute the others. Series are aligned on their most recent closes: every series
 * of one snapshot ends on the same day, so the tails line up.
 * Simple (not log) returns, because a portfolio's simple return is the weighted sum of its
 * positions' simple returns.
 */
export function portfolioRisk(positions: readonly WeightedSeries[], riskFreeRate = 0): PortfolioRisk | null {
  const usable = positions.filter((p) => p.weight > 0 && p.prices.closes.length >= 2);
  const totalWeight = usable.reduce((sum, p) => sum + p.weight, 0);
  if (usable.length === 0 || totalWeight <= 0) return null;
  const closesUsed = Math.min(RISK_LOOKBACK_RETURNS + 1, ...usable.map((p) => p.prices.closes.length));
  const returns = new Float64Array(closesUsed - 1);
  for (const p of usable) {
    const w = p.weight / totalWeight;
    const closes = p.prices.closes;
    const offset = closes.length - closesUsed;
    for (let t = 1; t < closesUsed; t++) {
      const prev = closes[offset + t - 1] as number;
      const cur = closes[offset + t] as number;
      returns[t - 1] = (returns[t - 1] as number) + (prev > 0 ? w * (cur / prev - 1) : 0);
    }
  }
  return riskOfReturns(returns, riskFreeRate);
}

/** Volatility, Sharpe and drawdown of one daily return series. */
export function riskOfReturns(returns: ArrayLike<number>, riskFreeRate = 0): PortfolioRisk {
  const n = returns.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += returns[i] as number;
  const mean = n > 0 ? sum / n : 0;
  let squares = 0;
  let value = 1;
  let peak = 1;
  let maxDrawdown = 0;
  for (let i = 0; i < n; i++) {
    const r = returns[i] as number;
    squares += (r - mean) ** 2;
    value *= 1 + r;
    if (value > peak) peak = value;
    else maxDrawdown = Math.max(maxDrawdown, (peak - value) / peak);
  }
  const volatility = n > 1 ? Math.sqrt(squares / (n - 1)) * Math.sqrt(TRADING_DAYS) : 0;
  const sharpe = volatility > 0 ? (mean * TRADING_DAYS - riskFreeRate) / volatility : 0;
  return { volatility, sharpe, max_drawdown: maxDrawdown, observations: n };
}
