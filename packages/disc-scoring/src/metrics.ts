import { betaTo, indexBenchmark, type BenchmarkIndex } from './metrics-beta';
import {
  annualisedReturn,
  annualisedVolatility,
  maxDrawdown,
  sharpeRatio,
  trailingReturn,
  TRADING_DAYS,
} from './metrics-returns';
import { movingAverageTrend, rsi } from './metrics-technical';
import { logReturns } from './price-series';
import type { PriceMetrics, PriceSeries } from '@disc/types';

export interface ComputeMetricsOptions {
  /** Annual risk-free rate as a fraction (e.g. the 10-year yield, 0.042). Default 0. */
  riskFree?: number;
}

/**
 * Every price-history metric of one instrument, in one O(n) pass per statistic.
 * Computed once per instrument per snapshot; providers cache the result. A benchmark may
 * be given raw or pre-indexed with `indexBenchmark` (cheaper when scoring many instruments).
 */
export function computeMetrics(
  prices: PriceSeries,
  benchmark?: PriceSeries | BenchmarkIndex | null,
  options: ComputeMetricsOptions = {},
): PriceMetrics {
  const closes = prices.closes;
  const riskFree = options.riskFree ?? 0;
  const returns = logReturns(closes);
  const return1y = trailingReturn(closes, TRADING_DAYS);
  const volatility = annualisedVolatility(returns, TRADING_DAYS);
  let beta: number | null = null;
  if (benchmark) {
    const bench = 'indexByDay' in benchmark ? benchmark : indexBenchmark(benchmark);
    beta = betaTo(prices, bench);
  }
  return {
    observations: closes.length,
    history_years: Math.max(0, closes.length - 1) / TRADING_DAYS,
    return_1y: return1y,
    return_3y: annualisedReturn(closes, 3),
    volatility,
    volatility_90d: annualisedVolatility(returns, 90),
    sharpe: sharpeRatio(return1y, riskFree, volatility),
    max_drawdown: maxDrawdown(closes),
    beta,
    momentum_6m: trailingReturn(closes, 126),
    momentum_12m: trailingReturn(closes, TRADING_DAYS),
    ma_trend: movingAverageTrend(closes),
    rsi_14: rsi(closes),
  };
}

/** Metrics of an instrument without a price history: every field unknown. */
export function emptyMetrics(): PriceMetrics {
  return {
    observations: 0,
    history_years: 0,
    return_1y: null,
    return_3y: null,
    volatility: null,
    volatility_90d: null,
    sharpe: null,
    max_drawdown: null,
    beta: null,
    momentum_6m: null,
    momentum_12m: null,
    ma_trend: null,
    rsi_14: null,
  };
}
