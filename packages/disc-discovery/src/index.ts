export { InvestmentDiscoveryCrew } from './crew';
export type { Grading } from './grading';
export type { CrewOptions, DiscoverAllOptions } from './crew';
export { APlusScoringTool } from './scoring-tool';
export type { ScoringToolOptions, ScoreOptions } from './scoring-tool';
export { MarketScreeningTool } from './screening-tool';
export type { ScreeningToolOptions } from './screening-tool';
export type {
  BatchDiscoverRequest,
  BatchDiscoveryResult,
  CustomCriteria,
  DiscoverRequest,
  PortfolioContext,
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
} from '@disc/types';
export type {
  APlusAnalysis,
  AssetType,
  CriteriaResult,
  DiscoveryErrorCode,
  DiscoveryResult,
  Grade,
  GradePoint,
  InvestmentCandidate,
  MarketContext,
  MonitorResult,
  PortfolioImprovement,
  RiskTolerance,
  Alert,
} from '@disc/types';
export { alertsFromHistory, nextReviewDate, monitorResult, ALERT_RULES } from '@disc/monitoring';
export type { MonitorSignals } from '@disc/monitoring';
export { SampleSnapshotProvider, FileSnapshotProvider, SnapshotProvider } from '@disc/market-data';
export type { MarketDataProvider } from '@disc/market-data';
export { DEFAULT_TRANSACTION_COST_MODEL, planIntegration, proposeImprovements } from '@disc/portfolio';
export type {
  IntegrationPlan,
  IntegrationRequest,
  Trade,
  ConstraintViolation,
  TransactionCostModel,
} from '@disc/portfolio';

// Webhook receivers verify signatures with @disc/webhooks (`verifyWebhook`).
