export { DEFAULT_TRANSACTION_COST_MODEL, tradeCost } from './transaction-costs';
export type { TransactionCostModel } from './transaction-costs';
export { portfolioRisk, riskOfReturns, RISK_LOOKBACK_RETURNS } from './portfolio-risk';
export type { PortfolioRisk, WeightedSeries } from './portfolio-risk';
export { bucketOf, expenseRatioOf, finalScoreOf } from './holdings';
export type { AllocationBucket, CandidateView, HoldingView } from './holdings';
export { annualBenefit, priorityFor, PRIORITY_THRESHOLDS, VALUE_PER_GRADE_STEP } from './priority';
export { evaluateChange } from './improvement';
export type { ChangeOptions, EvaluatedChange } from './improvement';
export { proposeImprovements, DEFAULT_NOTIONAL_PORTFOLIO_VALUE, MIN_SCORE_GAIN, TARGET_ALLOCATION_TOLERANCE } from './proposals';
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
