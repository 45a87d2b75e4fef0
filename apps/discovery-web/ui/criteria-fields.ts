// Which criteria of GET /criteria/{type} a discovery request may override (CustomCriteria
// in the OpenAPI document; the typed list breaks the build if the document drops one).
// Criteria outside this list are shown read-only.
import type { Schemas } from './api/client';

type CustomKey = keyof Schemas['CustomCriteria'];

export const OVERRIDABLE: Record<string, readonly CustomKey[]> = {
  etf: [
    'max_expense_ratio',
    'min_aum_billions',
    'max_tracking_error',
    'min_history_years',
    'required_regions',
    'ucits_compliant',
  ],
  stock: [
    'min_roe',
    'min_revenue_growth',
    'max_debt_to_equity',
    'min_market_cap_billions',
    'required_free_cash_flow',
    'min_profit_margin',
  ],
  crypto: [
    'min_market_cap_billions',
    'min_daily_volume_millions',
    'min_age_months',
    'required_institutional_adoption',
    'max_volatility_90d',
  ],
};

export type FieldValue = number | boolean | string[] | string;

/** Form values for a criterion as the API gave it. */
export function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return '';
}

/** The request value of an edited field, typed like the original; undefined when unchanged or blank. */
export function parseField(original: unknown, text: string): FieldValue | undefined {
  if (Array.isArray(original)) {
    const list = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return list.join(',') === original.join(',') ? undefined : list;
  }
  if (text.trim() === '') return undefined;
  const number = Number(text);
  if (typeof original === 'number') return Number.isFinite(number) && number !== original ? number : undefined;
  return text;
}

export function label(key: string): string {
  return key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
