/** Technical indicators over daily closes: moving-average trend and Wilder's RSI. */

export function simpleMovingAverage(closes: readonly number[], window: number): number | null {
  const n = closes.length;
  if (n < window) return null;
  return meanOf(closes, n - window, n);
}

/** Mean of closes[from..to). A sum of closes near the top of the double range overflows;
 * then the closes are summed scaled down by 2^-32 (exact), and the mean, scaled back, is
 * capped at the largest close (which it cannot exceed but for rounding). */
function meanOf(closes: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += closes[i] as number;
  if (Number.isFinite(sum)) return sum / (to - from);
  sum = 0;
  let top = 0;
  for (let i = from; i < to; i++) {
    sum += (closes[i] as number) * 2 ** -32;
    top = Math.max(top, closes[i] as number);
  }
  return Math.min((sum / (to - from)) * 2 ** 32, top);
}

/** The trailing simple moving average at every close: element i averages closes i-window+1
 * … i, null while fewer than `window` closes are behind it (a running sum, O(n)). */
export function movingAverageSeries(closes: readonly number[], window: number): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(closes.length).fill(null);
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i] as number;
    if (i >= window) sum -= closes[i - window] as number;
    if (i >= window - 1) out[i] = sum / window;
  }
  // A running sum that reached Infinity (closes near the top of the double range) stays
  // wrong: such a series is averaged window by window instead.
  if (!Number.isFinite(sum) && closes.every((c) => Number.isFinite(c))) {
    for (let i = window - 1; i < closes.length; i++) out[i] = meanOf(closes, i - window + 1, i + 1);
  }
  return out;
}

/** 50-day over 200-day moving average, minus one: > 0 is an up-trend ("golden cross" side). */
export function movingAverageTrend(closes: readonly number[], fast = 50, slow = 200): number | null {
  const f = simpleMovingAverage(closes, fast);
  const s = simpleMovingAverage(closes, slow);
  if (f === null || s === null || s === 0) return null;
  return f / s - 1;
}

/** Closes above this are scaled by 2^-64 before RSI sums their changes (see rsi). */
const RSI_SCALE_ABOVE = 1e300;

/**
 * Relative Strength Index with Wilder's smoothing (J. Welles Wilder, 1978): the first
 * average gain/loss is the plain mean of the first `period` changes, then
 * avg = (avg * (period − 1) + current) / period. Uses at most the last `lookback` closes,
 * which is enough for the smoothing to forget its seed.
 */
export function rsi(closes: readonly number[], period = 14, lookback = 300): number | null {
  const start = Math.max(0, closes.length - lookback);
  if (closes.length - start <= period) return null;
  // RSI does not change when every close is scaled by one factor. Sums of changes of closes
  // near the top of the double range would overflow, so such closes are scaled down first
  // (by a power of two, exact); other series are used as they are.
  let top = 0;
  for (let i = start; i < closes.length; i++) top = Math.max(top, closes[i] as number);
  const scale = top > RSI_SCALE_ABOVE ? 2 ** -64 : 1;
  const change = (i: number): number => (closes[i] as number) * scale - (closes[i - 1] as number) * scale;
  let gain = 0;
  let loss = 0;
  for (let i = start + 1; i <= start + period; i++) {
    const d = change(i);
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  for (let i = start + period + 1; i < closes.length; i++) {
    const d = change(i);
    gain = (gain * (period - 1) + (d > 0 ? d : 0)) / period;
    loss = (loss * (period - 1) + (d < 0 ? -d : 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}
