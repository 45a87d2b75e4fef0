export { InvestmentDiscoveryCrew, type CrewOptions, type DiscoverAllOptions } from './crew';
export type { Grading } from './grading';
export { APlusScoringTool, type ScoringToolOptions, type ScoreOptions } from './scoring-tool';
export { MarketScreeningTool, type ScreeningToolOptions } from './screening-tool';
export {
  batchCustomCriteria,
  checkPortfolioContext,
  customCriteriaEffects,
  type BatchDiscoverRequest,
  type BatchDiscoveryResult,
  type CustomCriteria,
  type CustomCriteriaEffects,
  type DiscoverRequest,
  type PortfolioContext,
} from './requests';
export type { Assessment } from './assess';
export type { Clock, IdGenerator } from './clock';

// Re-exported so SDK users need one import: results, errors, monitoring and the provider port.
export { GRADES, gradeFor } from '@disc/scoring';
export {
  DiscoveryError,
  InvalidAssetTypeError,
  InsufficientDataError,
  ScoringError,
  MarketDataError,
  DiscoveryValidationError,
  ASSET_TYPES,
  type APlusAnalysis,
  type AssetType,
  type CriteriaResult,
  type DiscoveryErrorCode,
  type DiscoveryResult,
  type Grade,
  type GradePoint,
  type InvestmentCandidate,
  type MarketContext,
  type MonitorResult,
  type PortfolioImprovement,
  type RiskTolerance,
  type Alert,
} from '@disc/types';
export { alertsFromHistory, nextReviewDate, monitorResult, ALERT_RULES, type MonitorSignals } from '@disc/monitoring';
export {
  SampleSnapshotProvider,
  FileSnapshotProvider,
  SnapshotProvider,
  type MarketDataProvider,
} from '@disc/market-data';
export {
  DEFAULT_TRANSACTION_COST_MODEL,
  DuplicateSymbolError,
  InconsistentPortfolioError,
  MAX_AMOUNT_USD,
  MAX_SHARES,
  planIntegration,
  proposeImprovements,
  SHARE_PRICE_LIMITS_USD,
  TOTAL_VALUE_TOLERANCE,
  type IntegrationPlan,
  type IntegrationRequest,
  type Trade,
  type ConstraintViolation,
  type TransactionCostModel,
} from '@disc/portfolio';

// Webhook receivers verify signatures with @disc/webhooks (`verifyWebhook`).
