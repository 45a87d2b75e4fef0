export { alertsFromHistory, nextReviewDate, gradePointOf, ALERT_RULES, type MonitorSignals } from './alerts';
export { monitorResult, monitorResultFromHistory, type MonitorInput } from './monitor-result';
export {
  componentsOf,
  gradeHistoryOf,
  sameComponents,
  scoreOfRecord,
  scorePointOf,
  scorePointsOf,
  scorePointWrites,
  storedOrder,
  type GradeHistoryStore,
  type LatestPoint,
  type ScorePoint,
  type ScorePointWrite,
  type StoredScorePoint,
} from './score-points';
export {
  aPlusDiscoveriesOf,
  gradeChangeEvent,
  gradeChangeReason,
  newDiscoveryEvent,
  type DetectorOptions,
  type PreviousScorePoint,
  type ScoredPoint,
} from './detectors';
