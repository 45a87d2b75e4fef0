/** Technical indicators over daily closes: moving-average trend and Wilder's RSI. */

export function simpleMovingAverage(closes: readonly number[], window: number): number | null {
  const n = closes.length;
  if (n < window) return null;
  let sum = 0;
  for (let i = n - window; i < n; i++) sum += closes[i] as number;
  return sum / window;
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
  return out;
}

/** 50-day over 200-day moving average, minus one: > 0 is an up-trend ("golden cross" side). */
export function movingAverageTrend(closes: readonly number[], fast = 50, slow = 200): number | null {
  const f = simpleMovingAverage(closes, fast);
  const s = simpleMovingAverage(closes, slow);
  if (f === null || s === null || s === 0) return null;
  return f / s - 1;
}

/**
 * Relative Strength Index with Wilder's smoothing (J. Welles Wilder, 1978): the first
 * average gain/loss is the plain mean of the first `period` changes, then
 * avg = (avg * (period − 1) + current) / period. Uses at most the last `lookback` closes,
 * which is enough for the smoothing to forget its seed.
 */
export function rsi(closes: readonly number[], period = 14, lookback = 300): number | null {
  const start = Math.max(0, closes.length - lookback);
  if (closes.length - start <= period) return null;
  let gain = 0;
  let loss = 0;
  for (let i = start + 1; i <= start + period; i++) {
    const d = (closes[i] as number) - (closes[i - 1] as number);
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  for (let i = start + period + 1; i < closes.length; i++) {
    const d = (closes[i] as number) - (closes[i - 1] as number);
    gain = (gain * (period - 1) + (d > 0 ? d : 0)) / period;
    loss = (loss * (period - 1) + (d < 0 ? -d : 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}
