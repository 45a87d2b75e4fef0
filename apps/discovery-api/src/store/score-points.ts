import {
  scorePointWrites,
  type GradeHistoryStore,
  type LatestPoint,
  type ScorePoint,
  type StoredScorePoint,
} from '@disc/monitoring';
import type { Database, Queryable } from '../db/database';

/** The grade history of every scored symbol: one point per symbol per day, plus one for each
 * grade change within a day, so a same-day A+ → B- is kept. A later scoring of the same day
 * with the same grade updates that point when its score moved, and writes nothing when it
 * did not (docs/monitoring.md). */
export interface ScorePointStoreOptions {
  /** Keep histories in memory, written through: `true` when this process is the database's
   * sole writer (the embedded PGlite); a function when other instances write too (a shared
   * PostgreSQL), answering whether the cache can be trusted right now — while this instance
   * LISTENs on SCORE_POINTS_CHANNEL and each notification calls invalidate(). When it
   * answers false, every read goes to the database. */
  cache?: boolean | (() => boolean);
}

/** The PostgreSQL channel a write of points is announced on (in the writing transaction):
 * the symbols, comma-separated, or `*` for too many to list. */
export const SCORE_POINTS_CHANNEL = 'discovery_score_points';
// NOTIFY payloads must stay under 8000 bytes.
const MAX_PAYLOAD = 7_000;

const CACHED_SYMBOLS = 20_000;
const DEFAULT_LIMIT = 365;

/** The grade-history store (@disc/monitoring's port) on PostgreSQL or PGlite. */
export class ScorePointStore implements GradeHistoryStore<Queryable> {
  private readonly store: Map<string, StoredScorePoint[]> | undefined;
  private readonly trusted: () => boolean;
  // Bumped by every invalidation: a history read while one happened is not kept (its rows
  // may predate the write that was announced).
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    options: ScorePointStoreOptions = {},
  ) {
    this.store = options.cache === undefined || options.cache === false ? undefined : new Map();
    const cache = options.cache;
    this.trusted = typeof cache === 'function' ? cache : () => true;
  }

  private get cache(): Map<string, StoredScorePoint[]> | undefined {
    return this.store !== undefined && this.trusted() ? this.store : undefined;
  }

  /** Forgets the cached histories of `symbols` (another instance wrote them), or all. */
  invalidate(symbols?: readonly string[]): void {
    this.generation += 1;
    if (symbols === undefined) this.store?.clear();
    else for (const symbol of symbols) this.store?.delete(symbol);
  }

  async record(input: readonly ScorePoint[]): Promise<void> {
    const points = this.changed(input);
    const previous = await this.latest(
      this.db,
      points.map((p) => p.symbol),
    );
    await this.insert(this.db, points, previous);
    this.remember(points, previous);
  }

  /** The points that may differ from what is stored (from the cache, when there is one):
   * monitoring a symbol many times a day writes at most once. */
  changed(input: readonly ScorePoint[]): ScorePoint[] {
    return input.filter((point) => !this.alreadyStored(point));
  }

  /**
   * Writes points with `db` (a transaction, when events are written with them), given each
   * symbol's newest stored point: a new day or a new grade adds a point; the same day and
   * grade updates that point's score when it moved; an identical one writes nothing. Call
   * `remember` once that transaction has committed.
   */
  async insert(
    db: Queryable,
    points: readonly ScorePoint[],
    previous: ReadonlyMap<string, LatestPoint>,
  ): Promise<number> {
    const { added, updated } = scorePointWrites(points, previous);
    if (added.length > 0) {
      // One statement for the whole run keeps a discovery of hundreds of candidates cheap.
      const values: unknown[] = [];
      const tuples = added.map(({ point, seq }, index) => {
        const base = index * 7;
        values.push(
          point.symbol,
          point.asset_type,
          point.day,
          point.grade,
          point.score,
          JSON.stringify(point.components),
          seq,
        );
        return `($${base + 1}, $${base + 2}, $${base + 3}::date, $${base + 4}, $${base + 5}, $${base + 6}::jsonb, $${base + 7})`;
      });
      await db.query(
        `INSERT INTO score_points (symbol, asset_type, day, grade, score, components, seq) VALUES ${tuples.join(', ')}`,
        values,
      );
    }
    for (const { point, seq } of updated) {
      await db.query(
        `UPDATE score_points SET asset_type = $4, score = $5, components = $6::jsonb, recorded_at = now()
          WHERE symbol = $1 AND day = $2::date AND seq = $3`,
        [point.symbol, point.day, seq, point.asset_type, point.score, JSON.stringify(point.components)],
      );
    }
    // Other instances drop their cached histories of these symbols when this commits.
    if ((added.length > 0 || updated.length > 0) && (this.db as Partial<Database>).engine === 'postgres') {
      const symbols = [...new Set([...added, ...updated].map(({ point }) => point.symbol))].join(',');
      await db.query('SELECT pg_notify($1, $2)', [SCORE_POINTS_CHANNEL, symbols.length > MAX_PAYLOAD ? '*' : symbols]);
    }
    return added.length + updated.length;
  }

  /** The newest stored point of each symbol, read with `db` (the writing transaction). */
  async latest(db: Queryable, symbols: readonly string[]): Promise<Map<string, LatestPoint>> {
    if (symbols.length === 0) return new Map();
    const rows = await db.query<{
      symbol: string;
      grade: string;
      score: number;
      day: string;
      seq: number;
      components: Record<string, number>;
    }>(
      `SELECT DISTINCT ON (symbol) symbol, grade, score, day::text AS day, seq, components FROM score_points
        WHERE symbol = ANY ($1::text[]) ORDER BY symbol, day DESC, seq DESC`,
      [[...new Set(symbols)]],
    );
    return new Map(
      rows.map((row) => [
        row.symbol,
        { grade: row.grade, score: Number(row.score), day: row.day, seq: Number(row.seq), components: row.components },
      ]),
    );
  }

  /** Updates the in-memory histories after a committed write (same rules as `insert`). */
  remember(points: readonly ScorePoint[], previous: ReadonlyMap<string, LatestPoint>): void {
    if (this.cache === undefined) return;
    const now = new Date().toISOString();
    for (const point of points) {
      const history = this.cache.get(point.symbol);
      if (history === undefined) continue;
      const last = history[history.length - 1];
      const sameDayAndGrade =
        last !== undefined &&
        last.day === point.day &&
        last.grade === point.grade &&
        previous.get(point.symbol)?.day === point.day;
      const kept = sameDayAndGrade ? history.slice(0, -1) : [...history];
      kept.push({ ...point, recorded_at: now });
      this.cache.set(point.symbol, kept.slice(-DEFAULT_LIMIT));
    }
  }

  /** Whether the newest cached point already says this (same day, grade, score). */
  private alreadyStored(point: ScorePoint): boolean {
    const history = this.cache?.get(point.symbol);
    const last = history?.[history.length - 1];
    return (
      last !== undefined &&
      last.day === point.day &&
      last.grade === point.grade &&
      last.score === point.score &&
      last.asset_type === point.asset_type
    );
  }

  /** Oldest first, at most `limit` most recent points. */
  async history(symbol: string, limit = DEFAULT_LIMIT): Promise<StoredScorePoint[]> {
    const cache = this.cache;
    const cached = cache?.get(symbol);
    if (cached !== undefined && limit === DEFAULT_LIMIT) return cached;
    const generation = this.generation;
    const rows = await this.db.query<Omit<StoredScorePoint, 'recorded_at'> & { recorded_at: Date }>(
      `SELECT symbol, asset_type, day::text AS day, grade, score, components, recorded_at FROM (
         SELECT * FROM score_points WHERE symbol = $1 ORDER BY day DESC, seq DESC LIMIT $2
       ) recent ORDER BY day, seq`,
      [symbol, limit],
      // Every GET /monitor on PostgreSQL runs it.
      { prepareAs: 'score_points_history' },
    );
    const history = rows.map((row) => ({
      ...row,
      score: Number(row.score),
      recorded_at: row.recorded_at.toISOString(),
    }));
    // Unknown symbols are not cached, so probing random symbols cannot grow the map.
    if (cache !== undefined && limit === DEFAULT_LIMIT && history.length > 0 && generation === this.generation) {
      if (cache.size >= CACHED_SYMBOLS) cache.clear();
      cache.set(symbol, history);
    }
    return history;
  }
}
