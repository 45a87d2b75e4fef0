import type { AssetType } from '@disc/types';
import type { FromSchema } from 'json-schema-to-ts';

/**
 * JSON schemas of the three screening criteria (docs/decisions/0003-discovery-service-contract.md), with its defaults
 * as schema `default`s so that ajv fills them in. Fields marked "extension" go beyond the
 * spec: volatility and drawdown limits (moved by risk_tolerance) and region filters for
 * every asset type. Units follow docs/decisions/0005-units.md: ratios are fractions, expense ratio in percent
 * points, money in billions or millions of USD as the field names say.
 *
 * These are the one definition of the criteria: the SDK validates with them, the HTTP API
 * publishes and validates its request bodies with them, and the request types below are
 * derived from them (json-schema-to-ts), so a criterion cannot be in one and not the other.
 */
const regions = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;

export const ETF_CRITERIA_SCHEMA = {
  $id: 'ETFScreeningCriteria',
  type: 'object',
  additionalProperties: false,
  properties: {
    max_expense_ratio: { type: 'number', minimum: 0, default: 0.15, description: 'percent points: 0.15 = 0.15 %' },
    min_aum_billions: { type: 'number', minimum: 0, default: 1.0 },
    max_tracking_error: { type: 'number', minimum: 0, default: 0.002, description: 'fraction: 0.002 = 0.2 %' },
    min_history_years: { type: 'integer', minimum: 0, default: 3 },
    required_regions: regions,
    ucits_compliant: { type: 'boolean', default: true, description: 'true: only UCITS-compliant funds pass' },
    max_volatility: { type: 'number', exclusiveMinimum: 0, default: 0.35, description: 'extension; annualised, 1y' },
    max_drawdown: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
      default: 0.5,
      description: 'extension; full history',
    },
  },
} as const;

export const STOCK_CRITERIA_SCHEMA = {
  $id: 'StockScreeningCriteria',
  type: 'object',
  additionalProperties: false,
  properties: {
    min_roe: { type: 'number', default: 0.2 },
    min_revenue_growth: { type: 'number', default: 0.15, description: '5-year annualised, fraction' },
    max_debt_to_equity: { type: 'number', minimum: 0, default: 0.3 },
    min_market_cap_billions: { type: 'number', minimum: 0, default: 1.0 },
    required_free_cash_flow: { type: 'boolean', default: true },
    min_profit_margin: { type: 'number', default: 0.1 },
    required_regions: regions,
    max_volatility: { type: 'number', exclusiveMinimum: 0, default: 0.6, description: 'extension' },
    max_drawdown: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 0.7, description: 'extension' },
  },
} as const;

export const CRYPTO_CRITERIA_SCHEMA = {
  $id: 'CryptoScreeningCriteria',
  type: 'object',
  additionalProperties: false,
  properties: {
    min_market_cap_billions: { type: 'number', minimum: 0, default: 10.0 },
    min_daily_volume_millions: { type: 'number', minimum: 0, default: 500.0 },
    min_age_months: { type: 'integer', minimum: 0, default: 36 },
    required_institutional_adoption: { type: 'boolean', default: true },
    institutional_adoption_required: {
      type: 'boolean',
      description: 'alias of required_institutional_adoption (both names are accepted)',
    },
    max_volatility_90d: { type: 'number', exclusiveMinimum: 0, default: 1.0 },
    required_regions: regions,
    max_drawdown: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 0.9, description: 'extension' },
  },
} as const;

/** Criteria as a request gives them: every member optional (absent: the default). */
export type EtfCriteriaInput = FromSchema<typeof ETF_CRITERIA_SCHEMA, { keepDefaultedPropertiesOptional: true }>;
export type StockCriteriaInput = FromSchema<typeof STOCK_CRITERIA_SCHEMA, { keepDefaultedPropertiesOptional: true }>;
export type CryptoCriteriaInput = FromSchema<typeof CRYPTO_CRITERIA_SCHEMA, { keepDefaultedPropertiesOptional: true }>;
export interface CriteriaInputByAssetType {
  etf: EtfCriteriaInput;
  stock: StockCriteriaInput;
  crypto: CryptoCriteriaInput;
}

/** Names users write for a criterion that the schema spells differently. The batch request
 * of the contract says `institutional_adoption_required`; the criteria schema says
 * `required_institutional_adoption`. Both are accepted. */
export const CRITERIA_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  institutional_adoption_required: 'required_institutional_adoption',
});

export interface EtfCriteria {
  max_expense_ratio: number;
  min_aum_billions: number;
  max_tracking_error: number;
  min_history_years: number;
  required_regions?: string[];
  ucits_compliant: boolean;
  max_volatility: number;
  max_drawdown: number;
}

export interface StockCriteria {
  min_roe: number;
  min_revenue_growth: number;
  max_debt_to_equity: number;
  min_market_cap_billions: number;
  required_free_cash_flow: boolean;
  min_profit_margin: number;
  required_regions?: string[];
  max_volatility: number;
  max_drawdown: number;
}

export interface CryptoCriteria {
  min_market_cap_billions: number;
  min_daily_volume_millions: number;
  min_age_months: number;
  required_institutional_adoption: boolean;
  max_volatility_90d: number;
  required_regions?: string[];
  max_drawdown: number;
}

export interface CriteriaByAssetType {
  etf: EtfCriteria;
  stock: StockCriteria;
  crypto: CryptoCriteria;
}
export type ScreeningCriteria = EtfCriteria | StockCriteria | CryptoCriteria;

export const CRITERIA_SCHEMAS: Readonly<Record<AssetType, { properties: Readonly<Record<string, object>> }>> =
  Object.freeze({
    etf: ETF_CRITERIA_SCHEMA,
    stock: STOCK_CRITERIA_SCHEMA,
    crypto: CRYPTO_CRITERIA_SCHEMA,
  });
