// Number and date formatting shared by the pages. Values from the API are numbers or
// strings; everything is rendered as text (JSX children), never as markup.
export function fixed(value: unknown, digits = 2): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function usd(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
    : '–';
}

/** A fraction (0.0298) as percent text (2.98 %). */
export function percentOfFraction(value: unknown, digits = 2): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${(value * 100).toFixed(digits)} %` : '–';
}

export function dateTime(value: unknown): string {
  if (typeof value !== 'string') return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

export function day(value: unknown): string {
  if (typeof value !== 'string') return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 10);
}

/** inflation_rate was a fraction (0.0298) and becomes percent (2.98): values above 1 are read as percent. */
export function inflationText(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  return `${(Math.abs(value) > 1 ? value : value * 100).toFixed(2)} % a year`;
}
