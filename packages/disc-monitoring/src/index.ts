export { alertsFromHistory, nextReviewDate, gradePointOf, ALERT_RULES, type MonitorSignals } from './alerts';
export { monitorResult, monitorResultFromHistory, type MonitorInput } from './monitor-result';
export {
  componentsOf,
  gradeHistoryOf,
  scoreOfRecord,
  scorePointOf,
  scorePointsOf,
  type GradeHistoryStore,
  type LatestPoint,
  type ScorePoint,
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
