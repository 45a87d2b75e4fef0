/**
 * Score curves: each maps one metric to 0..1 without stair steps. Every curve is defined by
 * two or four anchor values that docs/scoring.md lists, so a user can recompute any
 * sub-score by hand:
 * - linear: 0 at `zero`, 1 at `full`, straight line between, clamped outside (works in both
 *   directions: `full < zero` means lower is better);
 * - log: the same on log10 of the value (for sizes that span orders of magnitude);
 * - band: 1 inside [lo, hi], falling linearly to 0 at `zeroLo` and `zeroHi` (RSI);
 * - flag: 1 when true, 0 when false.
 */
export type Curve =
  | { kind: 'linear'; zero: number; full: number }
  | { kind: 'log'; zero: number; full: number }
  | { kind: 'band'; zeroLo: number; lo: number; hi: number; zeroHi: number }
  | { kind: 'flag' };

export function clamp01(x: number): number {
  return x <= 0 ? 0 : x >= 1 ? 1 : x;
}

function ramp(x: number, zero: number, full: number): number {
  return clamp01((x - zero) / (full - zero));
}

export function applyCurve(curve: Curve, value: number | boolean): number {
  switch (curve.kind) {
    case 'flag':
      return value === true || value === 1 ? 1 : 0;
    case 'linear':
      return ramp(Number(value), curve.zero, curve.full);
    case 'log': {
      const x = Number(value);
      if (!(x > 0)) return curve.full > curve.zero ? 0 : 1;
      return ramp(Math.log10(x), Math.log10(curve.zero), Math.log10(curve.full));
    }
    case 'band': {
      const x = Number(value);
      if (x < curve.lo) return ramp(x, curve.zeroLo, curve.lo);
      if (x > curve.hi) return ramp(x, curve.zeroHi, curve.hi);
      return 1;
    }
  }
}

/** Whether the curve rises (+1), falls (−1) with its metric, or is neither (0, band/flag). */
export function curveDirection(curve: Curve): 1 | -1 | 0 {
  if (curve.kind === 'linear' || curve.kind === 'log') return curve.full > curve.zero ? 1 : -1;
  if (curve.kind === 'flag') return 1;
  return 0;
}
