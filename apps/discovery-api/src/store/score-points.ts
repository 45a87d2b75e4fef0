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
export interface ScorePointStoreOptions {
  /** Keep histories in memory, written through. Only sound when this process is the
   * database's sole writer (the embedded PGlite); with a shared PostgreSQL other instances
   * write too, so every read goes to the database. */
  cache?: boolean;
}

const CACHED_SYMBOLS = 20_000;
const DEFAULT_LIMIT = 365;

export class ScorePointStore {
  private readonly cache: Map<string, StoredScorePoint[]> | undefined;

  constructor(private readonly db: Queryable, options: ScorePointStoreOptions = {}) {
    this.cache = options.cache === true ? new Map() : undefined;
  }

  async record(input: readonly ScorePoint[]): Promise<void> {
    const points = this.changed(input);
    await this.insert(this.db, points);
    this.remember(points);
  }

  /** The points that differ from what is stored: monitoring a symbol many times a day
   * writes once. */
  changed(input: readonly ScorePoint[]): ScorePoint[] {
    return input.filter((point) => !this.alreadyStored(point));
  }

  /** Writes points with `db` (a transaction, when events are written with them); call
   * `remember` once that transaction has committed. */
  async insert(db: Queryable, points: readonly ScorePoint[]): Promise<void> {
    if (points.length === 0) return;
    // One statement for the whole run keeps a discovery of hundreds of candidates cheap.
    const values: unknown[] = [];
    const tuples = points.map((point, index) => {
      const base = index * 6;
      values.push(point.symbol, point.asset_type, point.day, point.grade, point.score, JSON.stringify(point.components));
      return `($${base + 1}, $${base + 2}, $${base + 3}::date, $${base + 4}, $${base + 5}, $${base + 6}::jsonb)`;
    });
    await db.query(
      `INSERT INTO score_points (symbol, asset_type, day, grade, score, components) VALUES ${tuples.join(', ')}
       ON CONFLICT (symbol, day) DO UPDATE SET asset_type = EXCLUDED.asset_type, grade = EXCLUDED.grade,
         score = EXCLUDED.score, components = EXCLUDED.components, recorded_at = now()`,
      values,
    );
  }

  /** The newest stored point of each symbol, read with `db` (the writing transaction). */
  async latest(db: Queryable, symbols: readonly string[]): Promise<Map<string, { grade: string; score: number; day: string }>> {
    if (symbols.length === 0) return new Map();
    const rows = await db.query<{ symbol: string; grade: string; score: number; day: string }>(
      `SELECT DISTINCT ON (symbol) symbol, grade, score, day::text AS day FROM score_points
        WHERE symbol = ANY ($1::text[]) ORDER BY symbol, day DESC`,
      [[...new Set(symbols)]],
    );
    return new Map(rows.map((row) => [row.symbol, { grade: row.grade, score: Number(row.score), day: row.day }]));
  }

  /** Updates the in-memory histories after a committed write. */
  remember(points: readonly ScorePoint[]): void {
    if (this.cache !== undefined) {
      const now = new Date().toISOString();
      for (const point of points) {
        const history = this.cache.get(point.symbol);
        if (history === undefined) continue;
        const kept = history.filter((p) => p.day !== point.day);
        kept.push({ ...point, recorded_at: now });
        kept.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
        this.cache.set(point.symbol, kept.slice(-DEFAULT_LIMIT));
      }
    }
  }

  private alreadyStored(point: ScorePoint): boolean {
    const stored = this.cache?.get(point.symbol)?.find((p) => p.day === point.day);
    return stored !== undefined && stored.grade === point.grade && stored.score === point.score && stored.asset_type === point.asset_type;
  }

  /** Oldest first, at most `limit` most recent days. */
  async history(symbol: string, limit = DEFAULT_LIMIT): Promise<StoredScorePoint[]> {
    const cached = this.cache?.get(symbol);
    if (cached !== undefined && limit === DEFAULT_LIMIT) return cached;
    const rows = await this.db.query<Omit<StoredScorePoint, 'recorded_at'> & { recorded_at: Date }>(
      `SELECT symbol, asset_type, day::text AS day, grade, score, components, recorded_at FROM (
         SELECT * FROM score_points WHERE symbol = $1 ORDER BY day DESC LIMIT $2
       ) recent ORDER BY day`,
      [symbol, limit],
    );
    const history = rows.map((row) => ({ ...row, score: Number(row.score), recorded_at: row.recorded_at.toISOString() }));
    // Unknown symbols are not cached, so probing random symbols cannot grow the map.
    if (this.cache !== undefined && limit === DEFAULT_LIMIT && history.length > 0) {
      if (this.cache.size >= CACHED_SYMBOLS) this.cache.clear();
      this.cache.set(symbol, history);
    }
    return history;
  }
}
