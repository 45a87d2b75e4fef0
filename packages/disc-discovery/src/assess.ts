import { analyse, emptyMetrics, type APlusAnalysis, type AssetType, type GradePoint, type MonitorResult } from '@disc/scoring';
import { criteriaInForce, screen, type MarketDataProvider } from '@disc/screening';
import { alertsFromHistory, gradePointOf, nextReviewDate } from './monitoring';

/** Today's grade of one symbol plus the signals its alerts need (what `GET /monitor` persists). */
export interface Assessment {
  symbol: string;
  asset_type: AssetType;
  analysis: APlusAnalysis;
  /** The grade-history point for today (UTC day of `assessed_at`). */
  point: GradePoint;
  /** Hard screens in force that the instrument fails, as readable sentences. */
  criteria_breaches: string[];
  volatility_90d: number | null;
  volatility_1y: number | null;
  assessed_at: string;
}

/** Scores a symbol under the criteria in force (moderate risk tolerance); undefined when the
 * provider does not know it. Throws InsufficientDataError when it cannot be scored at all. */
export async function assess(provider: MarketDataProvider, symbol: string, now: Date): Promise<Assessment | undefined> {
  const instrument = await provider.getInstrument(symbol);
  if (!instrument) return undefined;
  const [metrics, context] = await Promise.all([provider.metricsFor(symbol), provider.getMarketContext()]);
  const m = metrics ?? emptyMetrics();
  const assessedAt = now.toISOString();
  const analysis = analyse(instrument, m, { context, discoveryDate: assessedAt });
  const inForce = criteriaInForce(instrument.asset_type, context);
  const breaches = screen(instrument, inForce.criteria, m)
    .checks.filter((c) => !c.passed)
    .map((c) => (c.value === null ? `${c.criterion}: no data` : `${c.criterion}: ${String(c.value)} against the limit ${Array.isArray(c.limit) ? c.limit.join(', ') : String(c.limit)}`));
  return {
    symbol: instrument.symbol,
    asset_type: instrument.asset_type,
    analysis,
    point: gradePointOf(now, analysis.final_grade, analysis.final_score ?? 0),
    criteria_breaches: breaches,
    volatility_90d: m.volatility_90d,
    volatility_1y: m.volatility,
    assessed_at: assessedAt,
  };
}

/**
 * The spec's Monitor result from an assessment and the persisted history, oldest first (a
 * point per symbol per day plus one per grade change within a day). The newest stored point
 * stands for the current one when it is of the same day and grade; otherwise every stored
 * point is earlier, so a same-day change (A+ this morning, B- now) is compared with. Pure.
 */
export function monitorResult(assessment: Assessment, history: readonly GradePoint[], now: Date | string = assessment.assessed_at): MonitorResult {
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
    // Newest first, as the spec's origin lists it (the stored order, reversed).
    grade_history: [...earlier, assessment.point].reverse(),
    alerts,
    next_review_date: nextReviewDate(assessment.assessed_at, alerts),
  };
}
