import { finiteRatio } from './finite';

/**
 * Return and risk statistics over daily closes. Conventions (stated in docs/scoring.md):
 * 252 trading days a year; volatility is the sample standard deviation of daily log
 * returns times sqrt(252); returns over a window are simple (close/close − 1), and the
 * 3-year return is annualised geometrically (CAGR). Every statistic is finite for positive
 * finite closes: a ratio beyond the double range is clamped to ±Number.MAX_VALUE.
 */

export const TRADING_DAYS = 252;

/** Simple return over the last `days` trading days, or null when history is too short. */
export function trailingReturn(closes: readonly number[], days: number): number | null {
  const n = closes.length;
  if (n <= days) return null;
  return finiteRatio(closes[n - 1] as number, closes[n - 1 - days] as number) - 1;
}

/** Annualised (geometric) return over the last `years` years of trading days. */
export function annualisedReturn(closes: readonly number[], years: number): number | null {
  const total = trailingReturn(closes, Math.round(years * TRADING_DAYS));
  if (total === null) return null;
  return Math.pow(1 + total, 1 / years) - 1;
}

/** Annualised volatility of the last `window` log returns; needs at least `minCount`. */
export function annualisedVolatility(returns: ArrayLike<number>, window: number, minCount = 20): number | null {
  const n = returns.length;
  const count = Math.min(window, n);
  if (count < minCount) return null;
  let mean = 0;
  for (let i = n - count; i < n; i++) mean += returns[i] as number;
  mean /= count;
  let ss = 0;
  for (let i = n - count; i < n; i++) {
    const d = (returns[i] as number) - mean;
    ss += d * d;
  }
  return Math.sqrt(ss / (count - 1)) * Math.sqrt(TRADING_DAYS);
}

/** Largest peak-to-trough fall over the whole series, as a positive fraction. */
export function maxDrawdown(closes: readonly number[]): number | null {
  if (closes.length < 2) return null;
  let peak = closes[0] as number;
  let worst = 0;
  for (const c of closes) {
    if (c > peak) peak = c;
    const dd = 1 - c / peak;
    if (dd > worst) worst = dd;
  }
  return worst;
}

/** Sharpe ratio from an annual return, the risk-free rate and annualised volatility. */
export function sharpeRatio(annualReturn: number | null, riskFree: number, volatility: number | null): number | null {
  if (annualReturn === null || volatility === null || volatility <= 0) return null;
  return finiteRatio(annualReturn - riskFree, volatility);
}
