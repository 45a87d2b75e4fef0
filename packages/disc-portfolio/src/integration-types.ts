import type { APlusAnalysis, Instrument, PortfolioImprovement } from '@disc/types';
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
  /** A holding to sell in full to make room, named by its symbol or by its instrument's name
   * ("FTSE Developed Markets ETF"); omit (or empty) for a pure addition. The plan's
   * `replacements` says which holding it matched. */
  replacement_for?: string | null;
}

export interface IntegrationConstraints {
  /** Budget for the plan's transaction costs in money, in the portfolio's currency (USD, like
   * `current_value`, `cash` and `total_value`): 100 means at most 100 USD of costs. */
  max_transaction_cost?: number;
  /** Extension: the same budget as a fraction of total value (0.01 = 1 %). With both, the
   * smaller budget applies. */
  max_transaction_cost_fraction?: number;
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
  /** Fractional shares allowed: six decimals, six significant digits below 0.1 (roundShares),
   * so a trade with an amount always has shares above 0. */
  shares: number;
  /** Gross trade value in USD, before costs. */
  amount: number;
  reason: string;
  /** The held symbol this trade replaces (on both the sell and the buy), or null. */
  replacement_for: string | null;
}

/** How a discovery's `replacement_for` was resolved against the holdings. */
export interface ReplacementMatch {
  /** The discovery's symbol. */
  symbol: string;
  /** `replacement_for` as the request wrote it. */
  replacement_for: string;
  /** Symbol of the holding it matched, or null when no holding matched. */
  matched_holding: string | null;
  /** `symbol`: same symbol (case-insensitive); `name`: the holding's instrument name equals
   * (or, for a single holding, contains) the text; null: nothing matched. */
  matched_by: 'symbol' | 'name' | null;
}

export interface ConstraintViolation {
  constraint:
    | 'max_transaction_cost'
    | 'cash'
    | 'replacement_for'
    | 'unknown_symbol'
    | 'allocation_total'
    | 'rebalancing_threshold';
  symbol?: string;
  message: string;
}

/** The integration plan (docs/decisions/0009-responses-beyond-the-spec.md). */
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
  /** One entry per discovery with a `replacement_for`: which holding it named. */
  replacements: ReplacementMatch[];
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
