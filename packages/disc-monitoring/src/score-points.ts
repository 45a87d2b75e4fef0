import type { APlusAnalysis, DiscoveryResult, Grade, GradePoint } from '@disc/types';

/** One scoring of a symbol as the grade history keeps it: one point per symbol per day, plus
 * one for each grade change within a day (docs/monitoring.md). */
export interface ScorePoint {
  symbol: string;
  asset_type: string;
  /** Calendar day in UTC, YYYY-MM-DD. */
  day: string;
  /** A grade of the A+ … F scale, as stored. */
  grade: string;
  score: number;
  /** Component scores and confidence (see componentsOf). */
  components: Record<string, number>;
}

export interface StoredScorePoint extends ScorePoint {
  recorded_at: string;
}

/** A symbol's newest stored point, what a new point is compared with. */
export interface LatestPoint extends Pick<ScorePoint, 'grade' | 'score' | 'day'> {
  seq: number;
  components?: Record<string, number>;
}

/**
 * The port of the grade-history store: what monitoring reads and writes. `Tx` is the
 * storage's transaction handle, so that points and the events they cause are written together.
 * The discovery API implements it on PostgreSQL/PGlite (apps/discovery-api/src/store/score-points.ts).
 */
export interface GradeHistoryStore<Tx> {
  /** Oldest first, at most `limit` most recent points. */
  history(symbol: string, limit?: number): Promise<StoredScorePoint[]>;
  /** The points that may differ from what is stored (monitoring a symbol often writes once). */
  changed(points: readonly ScorePoint[]): ScorePoint[];
  /** The newest stored point of each symbol, read within `tx`. */
  latest(tx: Tx, symbols: readonly string[]): Promise<Map<string, LatestPoint>>;
  /** Writes points within `tx` given each symbol's newest stored point. */
  insert(tx: Tx, points: readonly ScorePoint[], previous: ReadonlyMap<string, LatestPoint>): Promise<void>;
  /** Told about a committed write (a cache updates itself). */
  remember(points: readonly ScorePoint[], previous: ReadonlyMap<string, LatestPoint>): void;
}

/** The score of record of an analysis, the one the grade history and events carry: the score
 * its grade comes from (the peer percentile under peer grading), else the absolute score. */
export function scoreOfRecord(analysis: APlusAnalysis): number {
  return analysis.final_score ?? analysis.absolute_score ?? 0;
}

/** The component scores and confidence stored with every score point. */
export function componentsOf(analysis: APlusAnalysis): Record<string, number> {
  return {
    fundamental: analysis.fundamental_score,
    technical: analysis.technical_score,
    quality: analysis.quality_score,
    risk: analysis.risk_score,
    confidence: analysis.confidence_level,
  };
}

/** The score points of the candidates of discovery results, scored on `day` (YYYY-MM-DD).
 * Pass only results scored under the service's own criteria: a `risk_tolerance` other than
 * `moderate` changes scores (`customCriteriaEffects` of @disc/discovery says which did). */
export function scorePointsOf(results: readonly DiscoveryResult[], day: string): ScorePoint[] {
  return results.flatMap((result) =>
    result.a_plus_candidates.map((analysis) => ({
      symbol: analysis.candidate.symbol.toUpperCase(),
      asset_type: analysis.candidate.asset_type,
      day,
      grade: analysis.final_grade,
      score: scoreOfRecord(analysis),
      components: componentsOf(analysis),
    })),
  );
}

/** The score point of one symbol's assessment (its grade-history point and component scores),
 * kept for `day` (default: the point's own UTC day). */
export function scorePointOf(
  assessment: { symbol: string; asset_type: string; point: GradePoint; components: Record<string, number> },
  day: string = assessment.point.date,
): ScorePoint {
  const { symbol, asset_type, point, components } = assessment;
  return { symbol, asset_type, day, grade: point.grade, score: point.score, components };
}

/** Stored points as the monitor result's grade history (same order). */
export function gradeHistoryOf(points: readonly Pick<ScorePoint, 'day' | 'grade' | 'score'>[]): GradePoint[] {
  return points.map((p) => ({ date: p.day, grade: p.grade as Grade, score: p.score }));
}
