import { finiteRatio, logRatio } from './finite';
import { dayNumbers } from './price-series';
import type { PriceSeries } from '@disc/types';

/** A benchmark prepared once for many beta computations: its closes indexed by day. */
export interface BenchmarkIndex {
  closes: readonly number[];
  firstDay: number;
  /** close index by business-day number − firstDay; −1 where the benchmark has no close. */
  indexByDay: Int32Array;
}

export function indexBenchmark(series: PriceSeries): BenchmarkIndex {
  const days = dayNumbers(series);
  const firstDay = days.length > 0 ? (days[0] as number) : 0;
  const span = days.length > 0 ? (days[days.length - 1] as number) - firstDay + 1 : 0;
  const indexByDay = new Int32Array(Math.max(span, 0)).fill(-1);
  for (let i = 0; i < days.length; i++) indexByDay[(days[i] as number) - firstDay] = i;
  return { closes: series.closes, firstDay, indexByDay };
}

/**
 * Beta = cov(r, r_b) / var(r_b) over the last `window` daily log returns on which both the
 * instrument and the benchmark have consecutive closes. Null with fewer than `minPairs`.
 */
export function betaTo(series: PriceSeries, bench: BenchmarkIndex, window = 252, minPairs = 60): number | null {
  const closes = series.closes;
  const days = dayNumbers(series);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = closes.length - 1; i >= 1 && xs.length < window; i--) {
    const j = lookup(bench, days[i] as number);
    const jPrev = lookup(bench, days[i - 1] as number);
    if (j < 0 || jPrev < 0 || j === jPrev) continue;
    xs.push(logRatio(closes[i] as number, closes[i - 1] as number));
    ys.push(logRatio(bench.closes[j] as number, bench.closes[jPrev] as number));
  }
  if (xs.length < minPairs) return null;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < xs.length; k++) {
    mx += xs[k] as number;
    my += ys[k] as number;
  }
  mx /= xs.length;
  my /= ys.length;
  let cov = 0;
  let varY = 0;
  for (let k = 0; k < xs.length; k++) {
    const dy = (ys[k] as number) - my;
    cov += ((xs[k] as number) - mx) * dy;
    varY += dy * dy;
  }
  return varY === 0 ? null : finiteRatio(cov, varY);
}

function lookup(bench: BenchmarkIndex, day: number): number {
  const k = day - bench.firstDay;
  if (k < 0 || k >= bench.indexByDay.length) return -1;
  return bench.indexByDay[k] as number;
}
