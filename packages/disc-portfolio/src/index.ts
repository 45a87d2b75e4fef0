export { DEFAULT_TRANSACTION_COST_MODEL, tradeCost } from './transaction-costs';
export type { TransactionCostModel } from './transaction-costs';
export { portfolioRisk } from './portfolio-risk';
export type { PortfolioRisk, WeightedSeries } from './portfolio-risk';
export type { CandidateView, HoldingView } from './holdings';
export { proposeImprovements } from './proposals';
export type { ProposalInput } from './proposals';
export { planIntegration } from './integration-plan';
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
