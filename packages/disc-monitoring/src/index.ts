export { alertsFromHistory, nextReviewDate, gradePointOf, ALERT_RULES } from './alerts';
export type { MonitorSignals } from './alerts';
export { monitorResult, monitorResultFromHistory } from './monitor-result';
export type { MonitorInput } from './monitor-result';
export { componentsOf, gradeHistoryOf, scoreOfRecord, scorePointOf, scorePointsOf } from './score-points';
export type { GradeHistoryStore, LatestPoint, ScorePoint, StoredScorePoint } from './score-points';
export { aPlusDiscoveriesOf, gradeChangeEvent, gradeChangeReason, newDiscoveryEvent } from './detectors';
export type { DetectorOptions, PreviousScorePoint, ScoredPoint } from './detectors';
