/** Unit-aware formatting for rationale sentences and the scoring table. */
export type Unit = 'pp' | 'fraction' | 'usd' | 'years' | 'months' | 'ratio' | 'index' | 'flag';

export function formatValue(value: number | boolean, unit: Unit): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  switch (unit) {
    case 'pp':
      return `${trim(value, 3)} %`;
    case 'fraction':
      return `${trim(value * 100, 2)} %`;
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
  return Number(x.toFixed(digits)).toString();
}

function usd(x: number): string {
  const sign = x < 0 ? '-' : '';
  const a = Math.abs(x);
  if (a >= 1e12) return `${sign}$${trim(a / 1e12, 2)}T`;
  if (a >= 1e9) return `${sign}$${trim(a / 1e9, 2)}B`;
  if (a >= 1e6) return `${sign}$${trim(a / 1e6, 1)}M`;
  return `${sign}$${trim(a, 0)}`;
}
