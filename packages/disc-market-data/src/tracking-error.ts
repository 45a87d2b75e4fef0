import { TRADING_DAYS } from '@disc/scoring';
import type { PriceSeries } from '@disc/types';

/**
 * Tracking error: the annualised standard deviation of the daily return differences between
 * a fund and its index, over the last year of dates both have. Yahoo publishes no tracking
 * error, so the live provider measures it. Undefined with fewer than 60 common days.
 */
export function trackingError(fund: PriceSeries, index: PriceSeries, days: number = TRADING_DAYS): number | undefined {
  const fundDates = fund.dates ?? [];
  const indexDates = index.dates ?? [];
  const indexClose = new Map<string, number>();
  indexDates.forEach((d, i) => indexClose.set(d, index.closes[i] as number));
  const pairs: [number, number][] = [];
  fundDates.forEach((d, i) => {
    const ic = indexClose.get(d);
    if (ic !== undefined) pairs.push([fund.closes[i] as number, ic]);
  });
  const recent = pairs.slice(-(days + 1));
  const diffs: number[] = [];
  for (let i = 1; i < recent.length; i++) {
    const [f0, i0] = recent[i - 1] as [number, number];
    const [f1, i1] = recent[i] as [number, number];
    diffs.push(Math.log(f1 / f0) - Math.log(i1 / i0));
  }
  if (diffs.length < 60) return undefined;
  const mean = diffs.reduce((s, x) => s + x, 0) / diffs.length;
  const variance = diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (diffs.length - 1);
  return Math.sqrt(variance * TRADING_DAYS);
}
