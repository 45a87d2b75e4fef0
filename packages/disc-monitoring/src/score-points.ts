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
  /** Writes points within `tx` given each symbol's newest stored point (`scorePointWrites`
   * says which points to add and which to update; the others write nothing), answering how
   * many it wrote. */
  insert(tx: Tx, points: readonly ScorePoint[], previous: ReadonlyMap<string, LatestPoint>): Promise<number>;
  /** Told about a committed write (a cache updates itself). */
  remember(points: readonly ScorePoint[], previous: ReadonlyMap<string, LatestPoint>): void;
}

/** The score of record of an analysis, the one the grade history and events carry: the score
 * its grade comes from (the peer percentile under peer grading), else the absolute score. */
export function scoreOfRecord(analysis: APlusAnalysis): number {
  return analysis.final_score ?? analysis.absolute_score ?? 0;
}

/** The component scores and confidence stored with every score point, keys in stored order
 * (see storedOrder). */
export function componentsOf(analysis: APlusAnalysis): Record<string, number> {
  return storedOrder({
    fundamental: analysis.fundamental_score,
    technical: analysis.technical_score,
    quality: analysis.quality_score,
    risk: analysis.risk_score,
    confidence: analysis.confidence_level,
  });
}

const utf8 = new TextEncoder();

/** Orders keys as PostgreSQL orders jsonb keys: by UTF-8 length, then byte by byte. */
function jsonbKeyOrder(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  if (x.length !== y.length) return x.length - y.length;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return 0;
}

/**
 * The same components with their keys in the order a PostgreSQL `jsonb` column returns them
 * (shorter keys first, then by their UTF-8 bytes: risk, quality, technical, confidence,
 * fundamental), so that a new point and the stored one serialise alike. Comparisons should
 * still use `sameComponents`, which does not depend on key order.
 */
export function storedOrder<T>(components: Readonly<Record<string, T>>): Record<string, T> {
  const keys = Object.keys(components).sort(jsonbKeyOrder);
  const ordered: Record<string, T> = {};
  for (const key of keys) ordered[key] = components[key] as T;
  return ordered;
}

/** A component value as a stored one compares: a finite number, else null (JSON stores NaN and
 * infinities as null, and drops undefined). A numeric string counts as its number. */
function storedValue(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/**
 * Whether two components records say the same, as a `jsonb` column keeps them: key order does
 * not matter (jsonb reorders keys), numbers compare by value (`1.0` and `1`, `-0` and `0`),
 * and a missing key, `null`, `undefined` and a non-finite number are alike.
 */
export function sameComponents(
  a: Readonly<Record<string, unknown>> | null | undefined,
  b: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const left = a ?? {};
  const right = b ?? {};
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
    if (storedValue(left[key]) !== storedValue(right[key])) return false;
  return true;
}

/** One write of a point: added as `seq` of its day, or updating the stored point `seq`. */
export interface ScorePointWrite {
  point: ScorePoint;
  seq: number;
}

/**
 * What a store writes for `points` given each symbol's newest stored point (docs/monitoring.md):
 * a new day or a new grade adds a point (seq 0 on a new day, the next seq on a grade change
 * within the day); the same day and grade updates that point when its score or components
 * moved (compared by value, see sameComponents); an identical point writes nothing. The
 * number of points written is `added.length + updated.length`.
 */
export function scorePointWrites(
  points: readonly ScorePoint[],
  previous: ReadonlyMap<string, LatestPoint>,
): { added: ScorePointWrite[]; updated: ScorePointWrite[] } {
  const added: ScorePointWrite[] = [];
  const updated: ScorePointWrite[] = [];
  for (const point of points) {
    const last = previous.get(point.symbol);
    if (last === undefined || last.day !== point.day) added.push({ point, seq: 0 });
    else if (last.grade !== point.grade) added.push({ point, seq: last.seq + 1 });
    else if (storedValue(last.score) !== storedValue(point.score) || !sameComponents(last.components, point.components))
      updated.push({ point, seq: last.seq });
  }
  return { added, updated };
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
  return { symbol, asset_type, day, grade: point.grade, score: point.score, components: storedOrder(components) };
}

/** Stored points as the monitor result's grade history (same order). */
export function gradeHistoryOf(points: readonly Pick<ScorePoint, 'day' | 'grade' | 'score'>[]): GradePoint[] {
  return points.map((p) => ({ date: p.day, grade: p.grade as Grade, score: p.score }));
}
