export { InvestmentDiscoveryCrew } from './crew';
export { GRADINGS, parseGrading, peerIndexOf } from './grading';
export type { Grading, PeerKey } from './grading';
export type { CrewOptions, DiscoverAllOptions } from './crew';
export { APlusScoringTool } from './scoring-tool';
export type { ScoringToolOptions, ScoreOptions } from './scoring-tool';
export { MarketScreeningTool } from './screening-tool';
export type { ScreeningToolOptions } from './screening-tool';
export { checkPortfolioContext, discoveryOptions, DEFAULT_MAX_RESULTS, DEFAULT_MIN_SCORE } from './requests';
export type { BatchDiscoverRequest, BatchDiscoveryResult, CustomCriteria, DiscoverRequest, DiscoveryOptions, PortfolioContext } from './requests';
export { discoverInUniverse } from './discover-core';
export type { CoreResult, Ranked } from './discover-core';
export { assess, monitorResult } from './assess';
export type { Assessment } from './assess';
export { alertsFromHistory, nextReviewDate, gradePointOf, ALERT_RULES } from './monitoring';
export type { MonitorSignals } from './monitoring';
export type { Clock, IdGenerator } from './clock';
export { checkFundamentals } from './fundamentals';

// Re-exported so SDK users need one import: results, errors and the provider port.
export {
  DiscoveryError, InvalidAssetTypeError, InsufficientDataError, ScoringError, MarketDataError, DiscoveryValidationError,
  ASSET_TYPES, GRADES, gradeFor,
} from '@disc/scoring';
export type {
  APlusAnalysis, AssetType, CriteriaResult, DiscoveryErrorCode, DiscoveryResult, Grade, GradePoint, InvestmentCandidate,
  MarketContext, MonitorResult, PortfolioImprovement, RiskTolerance, Alert,
} from '@disc/scoring';
export { SampleSnapshotProvider, FileSnapshotProvider, SnapshotProvider } from '@disc/screening';
export type { MarketDataProvider } from '@disc/screening';
export { DEFAULT_TRANSACTION_COST_MODEL, planIntegration, proposeImprovements } from '@disc/portfolio';
export type { IntegrationPlan, IntegrationRequest, Trade, ConstraintViolation, TransactionCostModel } from '@disc/portfolio';

// Webhook receivers verify signatures with @disc/webhooks (`verifyWebhook`): the SDK does not
// depend on the delivery package and its HTTP client.
