import { businessDayNumber } from './calendar';
import { logRatio } from './finite';
import type { PriceSeries } from '@disc/types';

/** Business-day number of every close of a series (explicit dates win over `start`). */
export function dayNumbers(series: PriceSeries): Int32Array {
  const out = new Int32Array(series.closes.length);
  if (series.dates && series.dates.length === series.closes.length) {
    for (let i = 0; i < out.length; i++) out[i] = businessDayNumber(series.dates[i] as string);
  } else {
    const first = businessDayNumber(series.start);
    for (let i = 0; i < out.length; i++) out[i] = first + i;
  }
  return out;
}

/** Daily log returns; element i is ln(close[i+1] / close[i]), finite for any positive finite
 * closes (also when their quotient is beyond the double range, see logRatio). */
export function logReturns(closes: readonly number[]): Float64Array {
  const n = Math.max(0, closes.length - 1);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = logRatio(closes[i + 1] as number, closes[i] as number);
  return out;
}

/** Last close of the series (its most recent price), or undefined when empty. */
export function lastClose(series: PriceSeries): number | undefined {
  return series.closes[series.closes.length - 1];
}
