export { DEFAULT_TRANSACTION_COST_MODEL, tradeCost, type TransactionCostModel } from './transaction-costs';
export { portfolioRisk, type PortfolioRisk, type WeightedSeries } from './portfolio-risk';
export type { CandidateView, HoldingView } from './holdings';
export { proposeImprovements, type ProposalInput } from './proposals';
export { planIntegration } from './integration-plan';
export {
  assertConsistentPortfolio,
  assertUniqueSymbols,
  duplicateSymbols,
  DuplicateSymbolError,
  InconsistentPortfolioError,
  MAX_AMOUNT_USD,
  MAX_SHARES,
  portfolioInconsistencies,
  repeatedSymbols,
  TOTAL_VALUE_TOLERANCE,
  type RequestFailure,
} from './request-checks';
export { SHARE_PRICE_LIMITS_USD } from './integration-groups';
export type {
  ConstraintViolation,
  CurrentPortfolio,
  DiscoveryToIntegrate,
  IntegrationConstraints,
  IntegrationContext,
  IntegrationPlan,
  IntegrationRequest,
  ReplacementMatch,
  PortfolioHolding,
  Trade,
} from './integration-types';
