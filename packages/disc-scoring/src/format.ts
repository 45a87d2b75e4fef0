/** Unit-aware formatting for rationale sentences and the scoring table. */
export type Unit = 'pp' | 'fraction' | 'usd' | 'years' | 'months' | 'ratio' | 'index' | 'flag';

export function formatValue(value: number | boolean, unit: Unit): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  switch (unit) {
    case 'pp':
      return `${trim(value, 3)} %`;
    case 'fraction':
      return `${percent(value)} %`;
    case 'usd':
      return usd(value);
    case 'years':
      return value === 1 ? '1 year' : `${trim(value, 1)} years`;
    case 'months':
      return `${trim(value, 0)} months`;
    case 'ratio':
      return trim(value, 2);
    case 'index':
      return trim(value, 1);
    case 'flag':
      return value ? 'yes' : 'no';
  }
}

function trim(x: number, digits: number): string {
  // From 1e21 on toFixed gives every digit of the double; three significant ones say enough.
  if (Math.abs(x) >= 1e21) return Number(x.toPrecision(3)).toString();
  return Number(x.toFixed(digits)).toString();
}

/** A fraction in percent; one whose percentage is beyond the double range (a ratio clamped
 * to Number.MAX_VALUE, docs/scoring.md) is written from its own exponent: 1.8e+310. */
function percent(x: number): string {
  const p = x * 100;
  if (Number.isFinite(p) || !Number.isFinite(x)) return trim(p, 2);
  const [mantissa, exponent] = x.toExponential(2).split('e');
  return `${Number(mantissa)}e+${Number(exponent) + 2}`;
}

function usd(x: number): string {
  const sign = x < 0 ? '-' : '';
  const a = Math.abs(x);
  if (a >= 1e12) return `${sign}$${trim(a / 1e12, 2)}T`;
  if (a >= 1e9) return `${sign}$${trim(a / 1e9, 2)}B`;
  if (a >= 1e6) return `${sign}$${trim(a / 1e6, 1)}M`;
  return `${sign}$${trim(a, 0)}`;
}
