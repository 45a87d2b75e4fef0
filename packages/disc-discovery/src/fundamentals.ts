import {
  DiscoveryValidationError,
  type CryptoFundamentals,
  type EtfFundamentals,
  type StockFundamentals,
} from '@disc/types';
import { SCORE_OPTION_NAMES } from './inputs';

/** Field → expected JS type for the fundamentals a caller may pass to the scoring tool.
 * Units are the library's (docs/decisions/0005-units.md): expense_ratio in percent points, ratios as fractions. */
const FIELDS = {
  etf: {
    expense_ratio: 'number',
    aum: 'number',
    tracking_error: 'number',
    history_years: 'number',
    ucits_compliant: 'boolean',
    region: 'string',
    category: 'string',
    dividend_yield: 'number',
  },
  stock: {
    roe: 'number',
    revenue_growth_5y: 'number',
    debt_to_equity: 'number',
    free_cash_flow: 'number',
    profit_margin: 'number',
    sector: 'string',
    region: 'string',
    pe_ratio: 'number',
  },
  crypto: { daily_volume: 'number', age_months: 'number', institutional_adoption: 'boolean', category: 'string' },
} as const;

/** Fields that cannot be negative (a negative AUM is a data error, not a bad score). */
const NON_NEGATIVE = new Set([
  'expense_ratio',
  'aum',
  'tracking_error',
  'history_years',
  'debt_to_equity',
  'daily_volume',
  'age_months',
]);

export type FundamentalsKind = keyof typeof FIELDS;

function unknownField(kind: FundamentalsKind, key: string): string {
  // Options that callers put among the fundamentals.
  if (SCORE_OPTION_NAMES.includes(key))
    return `is an option, not a fundamental: pass { ${key} } as the options argument`;
  return `is not one of the ${kind} fundamentals (known: ${Object.keys(FIELDS[kind]).join(', ')})`;
}
type Shape = { etf: EtfFundamentals; stock: StockFundamentals; crypto: CryptoFundamentals };

/**
 * Checks caller-supplied fundamentals and keeps the known fields that are present; an unknown
 * field is refused. Absent (or null) fields are left out, so the scorer counts them as missing and lowers the
 * confidence instead of failing. Wrong types, non-finite numbers and negative values where
 * none can exist raise DiscoveryValidationError with the offending path.
 */
export function checkFundamentals<K extends FundamentalsKind>(
  kind: K,
  input: unknown,
  path = '/fundamental_data',
): Shape[K] {
  if (input === undefined || input === null) return {} as Shape[K];
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new DiscoveryValidationError(`${path} must be an object of ${kind} fundamentals`, {
      details: { errors: [{ path, message: 'must be an object' }] },
    });
  }
  const errors: { path: string; message: string }[] = [];
  const out: Record<string, unknown> = {};
  const fields: Record<string, string> = FIELDS[kind];
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const expected = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (expected === undefined) {
      // Ignored, a misspelt field (`expence_ratio`) would only lower the confidence, unnoticed.
      errors.push({ path: `${path}/${key}`, message: unknownField(kind, key) });
      continue;
    }
    if (value === undefined || value === null) continue;
    if (typeof value !== expected) {
      errors.push({ path: `${path}/${key}`, message: `must be a ${expected}` });
    } else if (expected === 'number' && !Number.isFinite(value)) {
      errors.push({ path: `${path}/${key}`, message: 'must be a finite number' });
    } else if (NON_NEGATIVE.has(key) && (value as number) < 0) {
      errors.push({ path: `${path}/${key}`, message: 'must not be negative' });
    } else {
      out[key] = value;
    }
  }
  if (errors.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid ${kind} fundamentals: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { errors } },
    );
  }
  return out as unknown as Shape[K];
}
