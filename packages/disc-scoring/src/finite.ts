/**
 * Arithmetic that stays finite for every finite input. Two finite numbers can have a
 * quotient beyond the range of a double (1e300 / 1e-300): such a ratio is the extreme it
 * is, so it is clamped to ±Number.MAX_VALUE (every score curve is flat that far out), and a
 * log return is taken as a difference of logarithms. docs/scoring.md, "Extreme values".
 */

/** The smallest positive normal double (2^-1022); below it a quotient loses precision. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** a / b, clamped to ±Number.MAX_VALUE when the quotient of two finite numbers overflows.
 * Non-finite inputs and 0 / 0 keep their IEEE result (callers report those as errors). */
export function finiteRatio(a: number, b: number): number {
  const q = a / b;
  if (Number.isFinite(q) || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return q;
  return q > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
}

/** ln(a / b) for positive a and b; finite for every positive finite a and b, even when a / b
 * itself overflows or underflows (ln(1e300 / 1e-300) = 1381.55…). Otherwise the value of
 * Math.log(a / b). */
export function logRatio(a: number, b: number): number {
  const q = a / b;
  return q >= MIN_NORMAL && q < Infinity ? Math.log(q) : Math.log(a) - Math.log(b);
}
