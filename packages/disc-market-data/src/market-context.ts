import { computeMetrics } from '@disc/scoring';
import type { MarketContext, PriceSeries, RateEnvironment, Regime } from '@disc/types';

/** Monthly values, oldest first; value i belongs to the i-th month from `start` (YYYY-MM). */
export interface MonthlySeries {
  start: string;
  values: number[];
}

/** The market series a regime is read from. Yields and inflation are fractions. */
export interface MarketSeries {
  benchmark: PriceSeries;
  vix: PriceSeries;
  treasury_10y: PriceSeries;
  cpi_yoy: MonthlySeries;
}

/** Thresholds of the regime rules, documented in docs/scoring.md. */
export const REGIME_RULES = Object.freeze({
  bearTrend: -0.02, // 50/200-day trend of the benchmark below −2 % …
  bearMomentum: -0.05, // … and 6-month momentum below −5 %
  volatileVix: 28, // VIX at or above this is a volatile market
  nervousVix: 24, // … and so is a rising VIX at or above this
  bullTrend: 0.01,
  bullMomentum: 0.03,
  vixTrendBand: 0.1, // 20-day vs 60-day mean VIX differing by more than 10 % is a trend
  rateChange: 0.0025, // 10-year yield moving more than 0.25 pp in 6 months is a trend
});

export interface ContextLabel {
  as_of?: string;
  data_source?: string;
  sample?: boolean;
}

/** Reads regime, VIX level and trend, rate environment and inflation from market series. */
export function deriveMarketContext(series: MarketSeries, label: ContextLabel = {}): MarketContext {
  const vix = series.vix.closes;
  const vixLevel = last(vix);
  const vixTrend = trendOf(mean(vix, 20), mean(vix, 60), REGIME_RULES.vixTrendBand);
  const yields = series.treasury_10y.closes;
  const yieldNow = last(yields);
  const yieldThen = yields[Math.max(0, yields.length - 1 - 126)] ?? yieldNow;
  const rates: RateEnvironment =
    yieldNow - yieldThen > REGIME_RULES.rateChange
      ? 'rising'
      : yieldNow - yieldThen < -REGIME_RULES.rateChange
        ? 'falling'
        : 'stable';
  const bench = computeMetrics(series.benchmark);
  const regime = regimeOf(bench.ma_trend ?? 0, bench.momentum_6m ?? 0, vixLevel, vixTrend);
  const ctx: MarketContext = {
    regime,
    vix_level: round(vixLevel, 2),
    interest_rate_environment: rates,
    inflation_rate: round(last(series.cpi_yoy.values), 4),
    vix_trend: vixTrend,
    // The 10-year Treasury yield stands in for the risk-free rate in Sharpe ratios.
    risk_free_rate: round(yieldNow, 4),
  };
  if (label.as_of !== undefined) ctx.as_of = label.as_of;
  if (label.data_source !== undefined) ctx.data_source = label.data_source;
  if (label.sample !== undefined) ctx.sample = label.sample;
  return ctx;
}

export function regimeOf(
  maTrend: number,
  momentum6m: number,
  vixLevel: number,
  vixTrend: 'rising' | 'falling' | 'stable',
): Regime {
  const r = REGIME_RULES;
  if (maTrend < r.bearTrend && momentum6m < r.bearMomentum) return 'bear';
  if (vixLevel >= r.volatileVix || (vixLevel >= r.nervousVix && vixTrend === 'rising')) return 'volatile';
  if (maTrend > r.bullTrend && momentum6m > r.bullMomentum) return 'bull';
  return 'sideways';
}

function trendOf(recent: number, base: number, band: number): 'rising' | 'falling' | 'stable' {
  if (!(base > 0)) return 'stable';
  const ratio = recent / base;
  return ratio > 1 + band ? 'rising' : ratio < 1 - band ? 'falling' : 'stable';
}

function mean(xs: readonly number[], n: number): number {
  const k = Math.min(n, xs.length);
  let s = 0;
  for (let i = xs.length - k; i < xs.length; i++) s += xs[i] as number;
  return k > 0 ? s / k : 0;
}

function last(xs: readonly number[]): number {
  return xs.length > 0 ? (xs[xs.length - 1] as number) : 0;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
