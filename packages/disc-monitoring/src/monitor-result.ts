import type { AssetType, GradePoint, MonitorResult } from '@disc/types';
import { alertsFromHistory, nextReviewDate } from './alerts';
import { gradeHistoryOf, type StoredScorePoint } from './score-points';

/** Today's scoring of one symbol with the signals its alerts need (the SDK's `Assessment`
 * carries these and the full analysis). */
export interface MonitorInput {
  symbol: string;
  asset_type: AssetType;
  /** The grade-history point for today (UTC day of `assessed_at`). */
  point: GradePoint;
  /** Hard screens in force that the instrument fails, as readable sentences. */
  criteria_breaches: readonly string[];
  volatility_90d: number | null;
  volatility_1y: number | null;
  assessed_at: string;
}

/**
 * The spec's Monitor result from an assessment and the persisted history, oldest first (a
 * point per symbol per day plus one per grade change within a day). The newest stored point
 * stands for the current one when it is of the same day and grade; otherwise every stored
 * point is earlier, so a same-day change (A+ this morning, B- now) is compared with. Pure.
 */
export function monitorResult(
  assessment: MonitorInput,
  history: readonly GradePoint[],
  now: Date | string = assessment.assessed_at,
): MonitorResult {
  const last = history[history.length - 1];
  const current = last !== undefined && last.date === assessment.point.date && last.grade === assessment.point.grade;
  const earlier = current ? history.slice(0, -1) : [...history];
  const alerts = alertsFromHistory(earlier, assessment.point, {
    criteria_breaches: assessment.criteria_breaches,
    volatility_90d: assessment.volatility_90d,
    volatility_1y: assessment.volatility_1y,
    now,
  });
  return {
    symbol: assessment.symbol,
    current_grade: assessment.point.grade,
    current_score: assessment.point.score,
    last_updated: assessment.assessed_at,
    // Newest first, as the original service lists it (docs/decisions/0003-discovery-service-contract.md; the stored order, reversed).
    grade_history: [...earlier, assessment.point].reverse(),
    alerts,
    next_review_date: nextReviewDate(assessment.assessed_at, alerts),
  };
}

/** The Monitor result of a symbol the market data no longer has, from its stored history
 * alone (oldest first; its alerts then say the data is stale); undefined without history. */
export function monitorResultFromHistory(
  symbol: string,
  stored: readonly StoredScorePoint[],
  now: Date,
): MonitorResult | undefined {
  const history = gradeHistoryOf(stored);
  const latest = stored[stored.length - 1];
  const current = history[history.length - 1];
  if (latest === undefined || current === undefined) return undefined;
  const alerts = alertsFromHistory(history.slice(0, -1), current, { now });
  return {
    symbol,
    current_grade: current.grade,
    current_score: current.score,
    last_updated: latest.recorded_at,
    grade_history: [...history].reverse(), // newest first (docs/decisions/0003-discovery-service-contract.md)
    alerts,
    next_review_date: nextReviewDate(latest.recorded_at, alerts),
  };
}
