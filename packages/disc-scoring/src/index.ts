export { GRADE_BANDS, GRADES, gradeFor, minScoreFor, gradeRank, isGrade } from './grades';
export { businessDateAt, businessDayNumber, dateOfBusinessDay } from './calendar';
export { computeMetrics, emptyMetrics, type ComputeMetricsOptions } from './metrics';
export { indexBenchmark, type BenchmarkIndex } from './metrics-beta';
export { TRADING_DAYS } from './metrics-returns';
export { finiteRatio, logRatio } from './finite';
export { movingAverageSeries } from './metrics-technical';
export { REGIME_ADJUSTMENTS, RISK_TOLERANCE_MULTIPLIERS, componentWeights, type ComponentWeights } from './weights';
export { scoreBreakdown, type ScoreBreakdown, type ComponentResult, type SubScoreResult } from './breakdown';
export {
  analyse,
  analyseDetailed,
  scoreInstrument,
  MIN_COMPONENTS,
  type AnalyseOptions,
  type Analysis,
  type ScoreInstrumentOptions,
} from './analyse';
export { buildPeerIndex, type PeerIndex, type PeerEntry } from './peers';
export { renderScoringTable } from './scoring-table';
export {
  componentSums,
  quickScore,
  roundScore,
  scoreFromSums,
  scoringPlan,
  type ComponentSums,
  type ScoringPlan,
} from './quick-score';
