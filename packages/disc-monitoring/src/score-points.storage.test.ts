import type { APlusAnalysis, DiscoveryResult } from '@disc/types';
import { describeWithPostgres } from '@fin/test-utils';
import { openPglite, openPostgres, type TestDatabase } from '../test/support/databases';
import {
  sameComponents,
  scorePointOf,
  scorePointsOf,
  scorePointWrites,
  type LatestPoint,
  type ScorePoint,
} from './score-points';

// The discovery API's score_points table (its migrations 0001 and 0004).
const TABLE = `CREATE TABLE score_points (
  symbol text NOT NULL, asset_type text NOT NULL, day date NOT NULL, grade text NOT NULL,
  score double precision NOT NULL, components jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at timestamptz NOT NULL DEFAULT now(), seq integer NOT NULL DEFAULT 0,
  PRIMARY KEY (symbol, day, seq))`;

/** A store written as the port says (the API's store, minus its cache and notifications):
 * `insert` answers how many points it wrote. */
function storeOn(db: TestDatabase) {
  return {
    async latest(symbols: readonly string[]): Promise<Map<string, LatestPoint>> {
      const rows = await db.query<LatestPoint & { symbol: string }>(
        `SELECT DISTINCT ON (symbol) symbol, grade, score, day::text AS day, seq, components FROM score_points
          WHERE symbol = ANY ($1::text[]) ORDER BY symbol, day DESC, seq DESC`,
        [[...new Set(symbols)]],
      );
      return new Map(rows.map(({ symbol, ...last }) => [symbol, { ...last, score: Number(last.score) }]));
    },
    async insert(points: readonly ScorePoint[]): Promise<number> {
      const { added, updated } = scorePointWrites(points, await this.latest(points.map((p) => p.symbol)));
      for (const { point, seq } of added)
        await db.query(
          'INSERT INTO score_points (symbol, asset_type, day, grade, score, components, seq) VALUES ($1, $2, $3::date, $4, $5, $6::jsonb, $7)',
          [point.symbol, point.asset_type, point.day, point.grade, point.score, JSON.stringify(point.components), seq],
        );
      for (const { point, seq } of updated)
        await db.query(
          'UPDATE score_points SET score = $4, components = $5::jsonb, recorded_at = clock_timestamp() WHERE symbol = $1 AND day = $2::date AND seq = $3',
          [point.symbol, point.day, seq, point.score, JSON.stringify(point.components)],
        );
      return added.length + updated.length;
    },
  };
}

const analysis = (symbol: string, scores: Partial<APlusAnalysis>): APlusAnalysis => ({
  candidate: {
    symbol,
    name: `${symbol} Inc`,
    asset_type: 'stock',
    current_price: 10,
    market_cap: null,
    preliminary_score: 0.8,
    discovery_date: '2026-03-02T06:00:00Z',
  },
  // Numbers whose text jsonb might write differently: many digits, an exponent, a whole number.
  fundamental_score: 0.1 + 0.2,
  technical_score: 1e-7,
  quality_score: 2 / 3,
  risk_score: 1,
  confidence_level: 0.75,
  final_grade: 'A',
  final_score: 0.9123456789012345,
  rationale: [],
  ...scores,
});

const discovery = (...analyses: APlusAnalysis[]) =>
  ({ asset_type: 'stock', a_plus_candidates: analyses }) as DiscoveryResult;

function suite(open: () => Promise<TestDatabase>): void {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await open();
    await db.query(TABLE);
  });
  afterAll(() => db.close());

  const recordedAt = async () =>
    (
      await db.query<{ symbol: string; recorded_at: unknown }>(
        'SELECT symbol, recorded_at::text AS recorded_at FROM score_points ORDER BY symbol, day, seq',
      )
    ).map((row) => `${row.symbol} ${String(row.recorded_at)}`);

  it('writes nothing, and reports nothing written, for an identical re-scoring', async () => {
    const points = [
      ...scorePointsOf([discovery(analysis('MSFT', {}), analysis('IBM', { final_score: 0.91 }))], '2026-03-02'),
      scorePointOf({
        symbol: 'VTI',
        asset_type: 'etf',
        point: { date: '2026-03-02', grade: 'A', score: 0.91 },
        components: { fundamental: 0.5, technical: 0.25, quality: 1, risk: 0.3, confidence: 0.8 },
      }),
    ];
    const store = storeOn(db);
    expect(await store.insert(points)).toBe(3);
    const before = await recordedAt();

    const stored = await store.latest(['MSFT', 'IBM', 'VTI']);
    for (const point of points) {
      const components = stored.get(point.symbol)?.components;
      expect(sameComponents(components, point.components)).toBe(true);
      // The column gives keys back in its own order; a new point's components come in that order.
      expect(JSON.stringify(components)).toBe(JSON.stringify(point.components));
    }
    expect(scorePointWrites(points, stored)).toEqual({ added: [], updated: [] });
    const again = [
      ...scorePointsOf([discovery(analysis('MSFT', {}), analysis('IBM', { final_score: 0.91 }))], '2026-03-02'),
      points[2]!,
    ];
    expect(await store.insert(again)).toBe(0);
    expect(await recordedAt()).toEqual(before);
  });

  it('compares numbers by value whatever text the column holds, and still writes a moved point', async () => {
    await db.query(
      `UPDATE score_points SET components = '{"fundamental": 0.50, "technical": 2.5e-1, "quality": 1.0, "risk": 0.3, "confidence": 0.800}'::jsonb WHERE symbol = 'VTI'`,
    );
    const vti = scorePointOf({
      symbol: 'VTI',
      asset_type: 'etf',
      point: { date: '2026-03-02', grade: 'A', score: 0.91 },
      components: { confidence: 0.8, risk: 0.3, quality: 1, technical: 0.25, fundamental: 0.5 },
    });
    const store = storeOn(db);
    expect(await store.insert([vti])).toBe(0);
    expect(await store.insert([{ ...vti, components: { ...vti.components, risk: 0.31 } }])).toBe(1);
    expect(await store.insert([{ ...vti, score: 0.92 }])).toBe(1);
    expect(await store.insert([{ ...vti, score: 0.92 }])).toBe(0);
    expect(await store.insert([{ ...vti, grade: 'B+', score: 0.8 }])).toBe(1);
  });
}

describe('score points in a jsonb column, on PGlite', () => {
  suite(openPglite);
});

describeWithPostgres('score points in a jsonb column, on PostgreSQL', () => {
  suite(openPostgres);
});
