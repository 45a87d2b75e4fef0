import type { APlusAnalysis, Instrument, PortfolioImprovement } from '@disc/scoring';
import type { TransactionCostModel } from './transaction-costs';

/** The spec's `POST /integrate-discoveries` body. */
export interface PortfolioHolding {
  symbol: string;
  shares: number;
  /** Market value of the position in USD. */
  current_value: number;
  /** Extension: total purchase cost in USD. Tax-loss harvesting needs it to know which
   * positions stand at a loss; without it no loss can be harvested. */
  cost_basis?: number;
}

export interface CurrentPortfolio {
  holdings: PortfolioHolding[];
  cash: number;
  total_value: number;
}

export interface DiscoveryToIntegrate {
  symbol: string;
  /** Target share of the portfolio's total value, a fraction 0..1 (0.05 = 5 %). */
  recommended_allocation: number;
  /** A held symbol to sell in full to make room; omit (or empty) for a pure addition. */
  replacement_for?: string | null;
}

export interface IntegrationConstraints {
  /** Budget for the plan's transaction costs as a fraction of total value (0.01 = 1 %). */
  max_transaction_cost?: number;
  /** Sell positions at a loss and keep the exposure through a discovery of the same asset type. */
  tax_loss_harvesting?: boolean;
  /** Trades smaller than this fraction of total value are skipped (0.05 = 5 %). */
  rebalancing_threshold?: number;
}

export interface IntegrationRequest {
  current_portfolio: CurrentPortfolio;
  discoveries: DiscoveryToIntegrate[];
  constraints?: IntegrationConstraints;
}

export interface Trade {
  action: 'buy' | 'sell';
  symbol: string;
  /** Fractional shares allowed (6 decimals). */
  shares: number;
  /** Gross trade value in USD, before costs. */
  amount: number;
  reason: string;
  /** The held symbol this trade replaces (on both the sell and the buy), or null. */
  replacement_for: string | null;
}

export interface ConstraintViolation {
  constraint: 'max_transaction_cost' | 'cash' | 'replacement_for' | 'unknown_symbol' | 'allocation_total' | 'rebalancing_threshold';
  symbol?: string;
  message: string;
}

/** DECISIONS "Responses the spec does not show": the integration plan. */
export interface IntegrationPlan {
  plan_id: string;
  generated_at: string;
  trades: Trade[];
  resulting_portfolio: CurrentPortfolio;
  estimated_transaction_costs: number;
  /** True when every requested discovery could be integrated within every constraint. */
  within_constraints: boolean;
  constraint_violations: ConstraintViolation[];
  improvements: PortfolioImprovement[];
}

/** What the pure planner needs besides the request; the SDK fills it from the provider. */
export interface IntegrationContext {
  plan_id: string;
  generated_at: string;
  /** Instruments known to the market data, by upper-case symbol. */
  instruments: ReadonlyMap<string, Instrument>;
  /** Analyses by upper-case symbol (holdings and discoveries), for the improvements and
   * to rank trades by benefit when the cost budget cannot pay for all of them. */
  analyses?: ReadonlyMap<string, APlusAnalysis>;
  riskFreeRate?: number;
  costModel?: TransactionCostModel;
}
