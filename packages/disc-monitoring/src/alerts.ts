import { gradeRank } from '@disc/scoring';
import { DiscoveryValidationError, type Alert, type AlertSeverity, type Grade, type GradePoint } from '@disc/types';

/** Signals beyond the grade history that can raise alerts (all optional). */
export interface MonitorSignals {
  /** Hard screens the instrument fails today, e.g. "expense ratio 0.30 % above 0.15 %". */
  criteria_breaches?: readonly string[];
  /** Annualised volatility over 90 days and over one year (fractions). */
  volatility_90d?: number | null;
  volatility_1y?: number | null;
  /** Now, for data_stale; ISO string or Date. */
  now?: string | Date;
}

/** Rules, documented in docs/sdk.md ("Monitoring"). */
export const ALERT_RULES = Object.freeze({
  /** Grade steps lost at once that make a downgrade critical. */
  criticalDowngradeSteps: 3,
  /** Window and drops for score_decline. */
  declineWindowDays: 30,
  declineWarning: 0.05,
  declineCritical: 0.15,
  /** 90-day volatility this many times the one-year volatility is a spike. */
  volatilitySpikeRatio: 1.5,
  /** A score older than this many days is stale. */
  staleAfterDays: 7,
});

const DAY_MS = 86_400_000;

/**
 * Alerts for a symbol from its grade history (a point per day plus one per grade change
 * within a day; days in any order, a day's points in their order) and its current point. Pure: the caller passes the history it persisted.
 * - grade_downgrade / grade_upgrade against the latest earlier point (a drop of 3 grade
 *   steps or more is critical, a smaller one a warning; an upgrade is info);
 * - lost_a_plus (critical) when the earlier point was A+ and the current one is not;
 * - score_decline when the score is 0.05 (warning) or 0.15 (critical) below the highest
 *   score of the last 30 days;
 * - criteria_breach (warning) per failed hard screen, volatility_spike (warning) when the
 *   90-day volatility is 1.5× the one-year one, data_stale (warning) when the current point
 *   is more than 7 days older than `now`.
 */
export function alertsFromHistory(
  history: readonly GradePoint[],
  current: GradePoint,
  signals: MonitorSignals = {},
): Alert[] {
  const alerts: Alert[] = [];
  // The points before the current one, whatever their day: a change within a day (A+ this
  // morning, B- now) is a change too. The sort is stable, so same-day points keep their order.
  const earlier = history
    .filter((p) => p.date <= current.date)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const previous = earlier[earlier.length - 1];
  if (previous) {
    const steps = gradeRank(current.grade) - gradeRank(previous.grade);
    if (steps < 0) {
      const severity: AlertSeverity = -steps >= ALERT_RULES.criticalDowngradeSteps ? 'critical' : 'warning';
      alerts.push({
        type: 'grade_downgrade',
        severity,
        message: `Grade fell from ${previous.grade} to ${current.grade} (${-steps} step${steps === -1 ? '' : 's'}) since ${previous.date}.`,
      });
    } else if (steps > 0) {
      alerts.push({
        type: 'grade_upgrade',
        severity: 'info',
        message: `Grade rose from ${previous.grade} to ${current.grade} since ${previous.date}.`,
      });
    }
    if (previous.grade === 'A+' && current.grade !== 'A+') {
      alerts.push({
        type: 'lost_a_plus',
        severity: 'critical',
        message: `No longer A+ (now ${current.grade}, score ${current.score.toFixed(3)}); review whether to keep the position.`,
      });
    }
  }
  const windowStart = isoDay(Date.parse(`${current.date}T00:00:00Z`) - ALERT_RULES.declineWindowDays * DAY_MS);
  const recentPeak = earlier.filter((p) => p.date >= windowStart).reduce((max, p) => Math.max(max, p.score), -Infinity);
  const decline = recentPeak - current.score;
  if (decline >= ALERT_RULES.declineWarning - 1e-9) {
    const severity: AlertSeverity = decline >= ALERT_RULES.declineCritical - 1e-9 ? 'critical' : 'warning';
    alerts.push({
      type: 'score_decline',
      severity,
      message: `Score ${current.score.toFixed(3)} is ${decline.toFixed(3)} below its ${ALERT_RULES.declineWindowDays}-day high of ${recentPeak.toFixed(3)}.`,
    });
  }
  for (const breach of signals.criteria_breaches ?? []) {
    alerts.push({ type: 'criteria_breach', severity: 'warning', message: `Fails a screening criterion: ${breach}.` });
  }
  const { volatility_90d: v90, volatility_1y: v1y } = signals;
  if (v90 != null && v1y != null && v1y > 0 && v90 >= ALERT_RULES.volatilitySpikeRatio * v1y - 1e-9) {
    alerts.push({
      type: 'volatility_spike',
      severity: 'warning',
      message: `90-day volatility ${(v90 * 100).toFixed(1)} % is ${(v90 / v1y).toFixed(1)}× the one-year ${(v1y * 100).toFixed(1)} %.`,
    });
  }
  if (signals.now !== undefined) {
    const ageDays = (timeOf(signals.now, '/signals/now') - Date.parse(`${current.date}T00:00:00Z`)) / DAY_MS;
    if (ageDays > ALERT_RULES.staleAfterDays) {
      alerts.push({
        type: 'data_stale',
        severity: 'warning',
        message: `The latest score is from ${current.date}, ${Math.floor(ageDays)} days ago.`,
      });
    }
  }
  return alerts;
}

/** docs/decisions/0011-monitoring.md: one week after the last update, one day when a critical alert is open. */
export function nextReviewDate(lastUpdated: string | Date, alerts: readonly Pick<Alert, 'severity'>[]): string {
  const days = alerts.some((a) => a.severity === 'critical') ? 1 : 7;
  return new Date(timeOf(lastUpdated, '/lastUpdated') + days * DAY_MS).toISOString();
}

/**
 * Milliseconds of an ISO timestamp or a Date. One that names no time (`'garbage'`, an invalid
 * Date) raises DiscoveryValidationError naming the argument, rather than Node's bare
 * `RangeError: Invalid time value` or an alert silently left out.
 */
function timeOf(value: string | Date, path: string): number {
  const ms = value instanceof Date || typeof value === 'string' ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(ms)) {
    const message = 'must be an ISO 8601 timestamp or a valid Date';
    throw new DiscoveryValidationError(`Invalid ${path.slice(path.lastIndexOf('/') + 1)}: ${path} ${message}`, {
      details: { errors: [{ path, message }] },
    });
  }
  return ms;
}

/** The grade-history point for a score taken at `when` (UTC calendar day). */
export function gradePointOf(when: string | Date, grade: Grade, score: number): GradePoint {
  return { date: isoDay(timeOf(when, '/when')), grade, score };
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
