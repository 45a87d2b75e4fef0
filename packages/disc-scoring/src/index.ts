export * from './types';
export { reportedMarketContext } from './reported-context';
export {
  DiscoveryError,
  InvalidAssetTypeError,
  InsufficientDataError,
  ScoringError,
  MarketDataError,
  DiscoveryValidationError,
  assertAssetType,
  parseAssetType,
} from './errors';
export type { DiscoveryErrorCode, DiscoveryErrorOptions } from './errors';
export { GRADE_BANDS, GRADES, gradeFor, minScoreFor, gradeRank, isGrade } from './grades';
export { businessDateAt, businessDayNumber, dateOfBusinessDay } from './calendar';
export { computeMetrics, emptyMetrics } from './metrics';
export type { ComputeMetricsOptions } from './metrics';
export { indexBenchmark, betaTo } from './metrics-beta';
export type { BenchmarkIndex } from './metrics-beta';
export { annualisedReturn, annualisedVolatility, maxDrawdown, sharpeRatio, trailingReturn, TRADING_DAYS } from './metrics-returns';
export { movingAverageSeries, movingAverageTrend, rsi, simpleMovingAverage } from './metrics-technical';
export { logReturns } from './price-series';
export { applyCurve, clamp01, curveDirection } from './curves';
export type { Curve } from './curves';
export { formatValue } from './format';
export type { Unit } from './format';
export { COMPONENTS } from './subscore-spec';
export type { Component, SubScoreSpec } from './subscore-spec';
export { SUB_SCORES, subScoresFor } from './subscores';
export { BASE_WEIGHTS, REGIME_ADJUSTMENTS, RISK_TOLERANCE_MULTIPLIERS, COST_WEIGHT_MULTIPLIER, componentWeights } from './weights';
export type { ComponentWeights, RegimeAdjustment, WeightOptions } from './weights';
export { scoreBreakdown } from './breakdown';
export type { ScoreBreakdown, ComponentResult, SubScoreResult } from './breakdown';
export { confidenceOf, FULL_HISTORY_YEARS } from './confidence';
export type { ConfidenceFactors } from './confidence';
export { analyse, analyseDetailed, scoreInstrument, MIN_COMPONENTS } from './analyse';
export type { AnalyseOptions, Analysis, ScoreInstrumentOptions } from './analyse';
export { buildPeerIndex, peerGroupOf } from './peers';
export type { PeerIndex, PeerEntry } from './peers';
export { renderScoringTable } from './scoring-table';
export { componentSums, quickScore, roundScore, scoreFromSums, scoringPlan } from './quick-score';
export type { ComponentSums, ScoringPlan } from './quick-score';
