/** Deterministic price paths for fixtures: weekdays and a seeded random walk. */
import { seeded } from '@fin/test-utils';

/** "Now" in every test: Saturday 2026-11-21 12:00 UTC; the last trading day is Friday 11-20. */
export const TEST_NOW = Date.parse('2026-11-21T12:00:00Z');
export const LAST_TRADING_DAY = '2026-11-20';

/** The last `n` weekdays up to and including `end`, oldest first. */
export function weekdaysUntil(end: string, n: number): string[] {
  const out: string[] = [];
  const d = new Date(`${end}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out.reverse();
}

/** Every calendar day from `start` to `end` inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (
    const d = new Date(`${start}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= end;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** A random walk of `n` prices from `start` with daily drift and volatility, rounded to cents. */
export function walk(n: number, start: number, seed: number, drift = 0.0004, vol = 0.01): number[] {
  const rnd = seeded(seed);
  const out: number[] = [];
  let p = start;
  for (let i = 0; i < n; i++) {
    out.push(Math.round(p * 100) / 100);
    const z = (rnd() + rnd() + rnd() + rnd() - 2) * Math.sqrt(3); // ≈ N(0, 1)
    p *= Math.exp(drift + vol * z);
  }
  return out;
}
