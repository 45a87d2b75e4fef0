import { ASSET_TYPES } from '@disc/types';

/**
 * JSON schema of the snapshot file (format "disc-snapshot", version 1), documented in
 * docs/data-format.md and shipped as data/snapshot.schema.json. Ranges double as unit
 * checks: a value outside its range is almost always a unit mix-up (percent instead of a
 * fraction), and the loader reports it with its JSON path and the unit it expected.
 */
const isoDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const money = (description: string) => ({ type: 'number', minimum: 0, description }) as const;

/** The range of a close of an instrument or the benchmark. Prices outside it are almost always
 * a unit or data error, and they take returns beyond what metrics can be computed from. */
export const MIN_CLOSE = 1e-6;
export const MAX_CLOSE = 1e9;

const priceSeries = {
  type: 'object',
  required: ['start', 'closes'],
  additionalProperties: false,
  properties: {
    start: { ...isoDate, description: 'date of the first close; close i falls on the i-th weekday from it' },
    dates: { type: 'array', items: isoDate, description: 'optional: one date per close (then start is the first)' },
    closes: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'number',
        minimum: MIN_CLOSE,
        maximum: MAX_CLOSE,
        description: 'a close in the currency of the series, 1e-6 to 1e9',
      },
      description: 'daily closes, oldest first',
    },
  },
} as const;

const ranged = (min: number, max: number, description: string) =>
  ({ type: 'number', minimum: min, maximum: max, description }) as const;

const etf = {
  type: 'object',
  required: ['expense_ratio', 'aum', 'tracking_error', 'history_years'],
  additionalProperties: false,
  properties: {
    expense_ratio: ranged(0, 5, 'percent points: 0.03 means 0.03 % a year'),
    aum: money('assets under management, USD'),
    tracking_error: ranged(0, 0.2, 'fraction: 0.002 means 0.2 %'),
    history_years: ranged(0, 150, 'years since inception'),
    ucits_compliant: { type: 'boolean' },
    region: { type: 'string' },
    category: { type: 'string' },
    dividend_yield: ranged(0, 0.5, 'fraction: 0.015 means 1.5 %'),
  },
} as const;

const stock = {
  type: 'object',
  required: ['roe', 'revenue_growth_5y', 'debt_to_equity', 'free_cash_flow', 'profit_margin'],
  additionalProperties: false,
  properties: {
    roe: ranged(-5, 5, 'fraction: 0.20 means 20 %'),
    revenue_growth_5y: ranged(-1, 5, 'annualised fraction: 0.15 means 15 % a year'),
    debt_to_equity: ranged(0, 20, 'ratio: 0.3 means debt is 30 % of equity (not a percent number)'),
    free_cash_flow: { type: 'number', description: 'USD a year; negative when cash is consumed' },
    profit_margin: ranged(-5, 1, 'fraction: 0.10 means 10 %'),
    sector: { type: 'string' },
    region: { type: 'string' },
    pe_ratio: { type: 'number' },
  },
} as const;

const crypto = {
  type: 'object',
  required: ['daily_volume', 'age_months', 'institutional_adoption'],
  additionalProperties: false,
  properties: {
    daily_volume: money('24-hour trading volume, USD'),
    age_months: ranged(0, 1200, 'months since launch'),
    institutional_adoption: { type: 'boolean' },
    category: { type: 'string' },
  },
} as const;

const instrument = {
  type: 'object',
  required: ['symbol', 'name', 'asset_type', 'currency', 'current_price', 'market_cap'],
  additionalProperties: false,
  properties: {
    symbol: { type: 'string', minLength: 1, maxLength: 32 },
    name: { type: 'string', minLength: 1 },
    asset_type: { enum: [...ASSET_TYPES] },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    current_price: { type: 'number', exclusiveMinimum: 0 },
    market_cap: { anyOf: [money('USD'), { type: 'null' }] },
    region: { type: 'string' },
    etf,
    stock,
    crypto,
    prices: priceSeries,
  },
} as const;

export const SNAPSHOT_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://finance-tools.invalid/schemas/disc-snapshot-v1.json',
  title: 'Discovery market-data snapshot, version 1',
  type: 'object',
  required: ['format', 'version', 'sample', 'as_of', 'market', 'instruments'],
  additionalProperties: false,
  properties: {
    format: { const: 'disc-snapshot' },
    version: { const: 1 },
    sample: { type: 'boolean', description: 'true: synthetic SAMPLE DATA, never to be presented as live market data' },
    description: { type: 'string' },
    as_of: isoDate,
    generator: { type: 'object' },
    market: {
      type: 'object',
      required: ['benchmark', 'vix', 'treasury_10y', 'cpi_yoy'],
      additionalProperties: false,
      properties: {
        benchmark: {
          type: 'object',
          required: ['symbol', 'name', 'prices'],
          additionalProperties: false,
          properties: { symbol: { type: 'string' }, name: { type: 'string' }, prices: priceSeries },
        },
        vix: {
          ...priceSeries,
          properties: {
            ...priceSeries.properties,
            closes: { type: 'array', minItems: 2, items: ranged(1, 200, 'VIX index points') },
          },
        },
        treasury_10y: {
          ...priceSeries,
          properties: {
            ...priceSeries.properties,
            closes: { type: 'array', minItems: 2, items: ranged(-0.05, 0.3, 'yield as a fraction: 0.042 means 4.2 %') },
          },
        },
        cpi_yoy: {
          type: 'object',
          required: ['start', 'values'],
          additionalProperties: false,
          properties: {
            start: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
            values: {
              type: 'array',
              minItems: 1,
              items: ranged(-0.3, 1, 'CPI change year over year as a fraction: 0.031 means 3.1 %'),
            },
          },
        },
      },
    },
    instruments: { type: 'array', items: instrument },
  },
} as const;
