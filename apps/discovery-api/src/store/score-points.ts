import type { Queryable } from '../db/database';

export interface ScorePoint {
  symbol: string;
  asset_type: string;
  /** Calendar day in UTC, YYYY-MM-DD. */
  day: string;
  grade: string;
  score: number;
  components: Record<string, number>;
}

export interface StoredScorePoint extends ScorePoint {
  recorded_at: string;
}

/** The grade history of every scored symbol: one point per symbol per day; a later scoring
 * on the same day replaces that day's point (DECISIONS "Monitoring"). */
export class ScorePointStore {
  constructor(private readonly db: Queryable) {}

  async record(points: readonly ScorePoint[]): Promise<void> {
    if (points.length === 0) return;
    // One statement for the whole run keeps a discovery of hundreds of candidates cheap.
    const values: unknown[] = [];
    const tuples = points.map((point, index) => {
      const base = index * 6;
      values.push(point.symbol, point.asset_type, point.day, point.grade, point.score, JSON.stringify(point.components));
      return `($${base + 1}, $${base + 2}, $${base + 3}::date, $${base + 4}, $${base + 5}, $${base + 6}::jsonb)`;
    });
    await this.db.query(
      `INSERT INTO score_points (symbol, asset_type, day, grade, score, components) VALUES ${tuples.join(', ')}
       ON CONFLICT (symbol, day) DO UPDATE SET asset_type = EXCLUDED.asset_type, grade = EXCLUDED.grade,
         score = EXCLUDED.score, components = EXCLUDED.components, recorded_at = now()`,
      values,
    );
  }

  /** Oldest first, at most `limit` most recent days. */
  async history(symbol: string, limit = 365): Promise<StoredScorePoint[]> {
    const rows = await this.db.query<Omit<StoredScorePoint, 'recorded_at'> & { recorded_at: Date }>(
      `SELECT symbol, asset_type, day::text AS day, grade, score, components, recorded_at FROM (
         SELECT * FROM score_points WHERE symbol = $1 ORDER BY day DESC LIMIT $2
       ) recent ORDER BY day`,
      [symbol, limit],
    );
    return rows.map((row) => ({ ...row, score: Number(row.score), recorded_at: row.recorded_at.toISOString() }));
  }
}
