/**
 * The discovery domain's data shapes. Field names of result objects are the service contract's
 * snake_case exactly, because the HTTP layer returns them unchanged.
 *
 * Units (docs/decisions/0005-units.md; names: docs/decisions/0003-discovery-service-contract.md): ratios are decimal fractions (ROE 20 % = 0.20,
 * tracking error 0.2 % = 0.002); expense ratios are percent points (0.03 = 0.03 %);
 * money is USD.
 */

import type { AssetType } from './asset-types';
export type { AssetType } from './asset-types';

export type Grade = 'A+' | 'A' | 'A-' | 'B+' | 'B' | 'B-' | 'C+' | 'C' | 'C-' | 'D' | 'F';
export type Regime = 'bull' | 'bear' | 'volatile' | 'sideways';
export const REGIMES: readonly Regime[] = Object.freeze(['bull', 'bear', 'volatile', 'sideways'] as const);
export type RateEnvironment = 'rising' | 'falling' | 'stable';
export type RiskTolerance = 'conservative' | 'moderate' | 'aggressive';
export const RISK_TOLERANCES: readonly RiskTolerance[] = Object.freeze([
  'conservative',
  'moderate',
  'aggressive',
] as const);
export type AlertSeverity = 'info' | 'warning' | 'critical';
export type AlertType =
  | 'grade_downgrade'
  | 'grade_upgrade'
  | 'lost_a_plus'
  | 'score_decline'
  | 'criteria_breach'
  | 'volatility_spike'
  | 'data_stale';

/** Daily closes on business days (Mon–Fri), oldest first. `dates`, when present, has one
 * entry per close; otherwise close i falls on the i-th business day from `start`. */
export interface PriceSeries {
  start: string; // YYYY-MM-DD
  dates?: string[];
  closes: number[];
}

export interface EtfFundamentals {
  expense_ratio: number; // percent points: 0.03 = 0.03 %
  aum: number; // USD
  tracking_error: number; // fraction: 0.002 = 0.2 %
  history_years: number;
  ucits_compliant?: boolean;
  region?: string;
  category?: string;
  dividend_yield?: number; // fraction
}

export interface StockFundamentals {
  roe: number; // fraction
  revenue_growth_5y: number; // fraction, annualised
  debt_to_equity: number; // ratio: 0.3 = debt is 30 % of equity
  free_cash_flow: number; // USD, sign matters
  /** Optional because the contract's score_stock input does not carry it; missing lowers confidence. */
  profit_margin?: number; // fraction
  sector?: string;
  region?: string;
  pe_ratio?: number;
}

export interface CryptoFundamentals {
  daily_volume: number; // USD
  age_months: number;
  institutional_adoption: boolean;
  category?: string;
}

export interface Instrument {
  symbol: string;
  name: string;
  asset_type: AssetType;
  currency: string;
  current_price: number;
  market_cap: number | null; // USD
  region?: string;
  etf?: EtfFundamentals;
  stock?: StockFundamentals;
  crypto?: CryptoFundamentals;
  prices?: PriceSeries;
}

/** Metrics derived from a price history. `null` means the history is too short for it. */
export interface PriceMetrics {
  observations: number; // number of closes used
  history_years: number;
  return_1y: number | null; // annualised, fraction
  return_3y: number | null; // annualised (CAGR), fraction
  volatility: number | null; // annualised stdev of daily log returns over the last year
  volatility_90d: number | null; // annualised, last 90 trading days
  sharpe: number | null; // (return_1y - risk_free) / volatility
  max_drawdown: number | null; // fraction, positive: 0.25 = fell 25 % from a peak (full history)
  beta: number | null; // to the benchmark, last year of daily returns
  momentum_6m: number | null; // simple return over 126 trading days
  momentum_12m: number | null; // simple return over 252 trading days
  ma_trend: number | null; // 50-day MA / 200-day MA - 1
  rsi_14: number | null; // 0..100, Wilder smoothing
}

export interface MarketContext {
  regime: Regime;
  vix_level: number;
  interest_rate_environment: RateEnvironment;
  inflation_rate: number; // fraction (CPI year over year)
  /** Extras beyond the contract's four members. */
  vix_trend?: 'rising' | 'falling' | 'stable';
  risk_free_rate?: number; // fraction, used for Sharpe
  as_of?: string; // YYYY-MM-DD of the data
  data_source?: string; // e.g. "SAMPLE DATA (synthetic snapshot, not live market data)"
  sample?: boolean;
}

export interface InvestmentCandidate {
  symbol: string;
  name: string;
  asset_type: AssetType;
  current_price: number;
  market_cap: number | null;
  preliminary_score: number;
  discovery_date: string; // ISO 8601 UTC
}

export interface APlusAnalysis {
  candidate: InvestmentCandidate;
  fundamental_score: number;
  technical_score: number;
  quality_score: number;
  risk_score: number;
  final_grade: Grade;
  confidence_level: number;
  rationale: string[];
  /** Extras beyond the contract: the score the grade comes from (the peer percentile when
   * graded relative to peers, then also the absolute score and the peer group). */
  final_score?: number;
  absolute_score?: number;
  peer_group?: string;
}

export interface RiskImpact {
  volatility_change: number;
  sharpe_improvement: number;
  max_drawdown_change: number;
}
export interface CostAnalysis {
  /** Percent points (0.45 = 0.45 % a year). */
  current_expense_ratio: number;
  new_expense_ratio: number;
  /** As the original service (docs/decisions/0003-discovery-service-contract.md): the expense-ratio saving in percentage points
   * (current_expense_ratio − new_expense_ratio; 0.45 − 0.08 = 0.37). */
  annual_savings: number;
  /** Extension: the same saving in USD a year on the position moved. */
  annual_savings_usd: number;
  /** USD. */
  transaction_costs: number;
}

export interface PortfolioImprovement {
  current_holding: string | null;
  recommended_replacement: InvestmentCandidate | Pick<InvestmentCandidate, 'symbol' | 'name'>;
  expected_grade_improvement: number;
  risk_impact: RiskImpact;
  cost_analysis: CostAnalysis;
  implementation_priority: number; // 1 (highest) .. 5
}

export interface DiscoveryResult {
  discovery_date: string;
  asset_type: AssetType;
  total_screened: number;
  execution_time_seconds: number;
  a_plus_candidates: APlusAnalysis[];
  portfolio_improvements: PortfolioImprovement[];
  market_context: ReportedMarketContext;
}

/** The market context as results report it: `inflation_rate` in percent as the original service
 * writes it (3.2 = 3.2 %), the fraction beside it. Scoring works on MarketContext. */
export interface ReportedMarketContext extends Omit<MarketContext, 'inflation_rate'> {
  /** Percent, year over year (3.2 = 3.2 %). */
  inflation_rate: number;
  /** Extension: the same rate as a fraction (0.032). */
  inflation_rate_fraction: number;
}

export interface GradePoint {
  date: string;
  grade: Grade;
  score: number;
}
export interface Alert {
  type: AlertType;
  message: string;
  severity: AlertSeverity;
}

export interface MonitorResult {
  symbol: string;
  current_grade: Grade;
  current_score: number;
  last_updated: string;
  grade_history: GradePoint[];
  alerts: Alert[];
  next_review_date: string;
}

export interface MarketAdjustments {
  regime: Regime;
  quality_weight_multiplier: number;
  cost_sensitivity_increased: boolean;
  /** Extras: what else the regime changed, for users who recompute by hand. */
  risk_weight_multiplier?: number;
  notes?: string[];
}

export interface CriteriaResult {
  asset_type: AssetType;
  criteria: Record<string, unknown>;
  market_adjustments: MarketAdjustments;
  last_updated: string;
}
