import type { Database } from '../db/database';
import { openMemoryDatabase } from '../test-support/databases';
import { ScorePointStore } from '../store/score-points';
import { TokenStore } from '../store/tokens';
import { WebhookStore } from '../store/webhooks';
import { monitoredSymbols } from './monitored-symbols';
import { ScoreRecorder } from './score-recorder';

let db: Database;
let recorder: ScoreRecorder;
let wakeups = 0;
const at = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  db = await openMemoryDatabase();
  recorder = new ScoreRecorder(
    db,
    new ScorePointStore(db, { cache: true }),
    () => at,
    () => (wakeups += 1),
  );
  const owner = (await new TokenStore(db).create('owner', ['webhooks'])).record.id;
  const hooks = new WebhookStore(db);
  await hooks.create(owner, {
    url: 'https://a.example.org/',
    events: ['grade_change', 'new_discovery'],
    secret: 'secret-0123456789',
  });
  await hooks.create(owner, {
    url: 'https://b.example.org/',
    events: ['grade_change'],
    secret: 'secret-0123456789',
    symbols: ['msft'],
  });
});
afterAll(async () => {
  await db.close();
});

const point = (symbol: string, day: string, grade: string, score: number) => ({
  symbol,
  asset_type: 'etf',
  day,
  grade,
  score,
  components: {},
});
const outbox = () =>
  db.query<{ type: string; payload: { data: Record<string, unknown> }; receivers: number }>(
    'SELECT e.type, e.payload, count(d.id)::int AS receivers FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id GROUP BY e.id ORDER BY e.type, e.payload::text',
  );

describe('ScoreRecorder', () => {
  it('emits grade_change only when a point changes the grade, to the webhooks that follow the symbol', async () => {
    expect(
      await recorder.record([point('VTI', '2026-11-19', 'A', 0.91), point('MSFT', '2026-11-19', 'B', 0.76)]),
    ).toMatchObject({ points: 2, gradeChanges: 0 });
    expect(await recorder.record([point('VTI', '2026-11-20', 'A', 0.92)])).toMatchObject({
      gradeChanges: 0,
      deliveries: 0,
    });
    const moved = await recorder.record([
      point('VTI', '2026-11-20', 'B+', 0.81),
      point('MSFT', '2026-11-20', 'A', 0.9),
    ]);
    expect(moved).toEqual({ points: 2, gradeChanges: 2, newDiscoveries: 0, deliveries: 3 });
    const events = await outbox();
    expect(
      events.map((e) => [e.payload.data.symbol, e.payload.data.previous_grade, e.payload.data.new_grade, e.receivers]),
    ).toEqual([
      ['MSFT', 'B', 'A', 2],
      ['VTI', 'A', 'B+', 1],
    ]);
    expect(events[1]?.payload.data.previous_score).toBe(0.92);
    expect(wakeups).toBe(1);
    // The same point again emits nothing.
    expect(await recorder.record([point('VTI', '2026-11-20', 'B+', 0.81)])).toMatchObject({
      gradeChanges: 0,
      deliveries: 0,
    });
  });

  it('emits new_discovery for A+ symbols the previous run of that asset type lacked', async () => {
    const top = (symbol: string, score: number) => ({ symbol, name: `${symbol} fund`, score, grade: 'A+' });
    expect(await recorder.record([], [{ assetType: 'stock', aPlus: [top('AAA', 0.96)] }])).toMatchObject({
      newDiscoveries: 1,
      deliveries: 1,
    });
    expect(await recorder.record([], [{ assetType: 'stock', aPlus: [top('AAA', 0.96)] }])).toMatchObject({
      newDiscoveries: 0,
    });
    expect(
      await recorder.record(
        [],
        [{ assetType: 'stock', aPlus: [top('AAA', 0.96), top('BBB', 0.97), top('CCC', 0.95)] }],
      ),
    ).toMatchObject({ newDiscoveries: 1 });
    const discoveries = (await outbox()).filter((e) => e.type === 'new_discovery').map((e) => e.payload.data);
    expect(discoveries).toEqual([
      {
        asset_type: 'stock',
        discoveries_count: 1,
        top_discovery: { symbol: 'AAA', name: 'AAA fund', score: 0.96, grade: 'A+' },
      },
      {
        asset_type: 'stock',
        discoveries_count: 2,
        top_discovery: { symbol: 'BBB', name: 'BBB fund', score: 0.97, grade: 'A+' },
      },
    ]);
  });

  it('monitors scored symbols and those a webhook names', async () => {
    expect(await monitoredSymbols(db)).toEqual(['MSFT', 'VTI']);
    const owner = (await new TokenStore(db).create('other', ['webhooks'])).record.id;
    await new WebhookStore(db).create(owner, {
      url: 'https://c.example.org/',
      events: ['grade_change'],
      secret: 'secret-0123456789',
      symbols: ['nvda'],
    });
    expect(await monitoredSymbols(db)).toEqual(['MSFT', 'NVDA', 'VTI']);
  });
});

describe('ScoreRecorder without a cache', () => {
  it('writes nothing, and counts nothing written, for an identical re-scoring read back from the database', async () => {
    // No cache: every write compares against what the database returns (jsonb reorders keys).
    const own = await openMemoryDatabase();
    const uncached = new ScoreRecorder(own, new ScorePointStore(own, { cache: false }), () => at);
    const scored = {
      ...point('IDEM', '2026-11-20', 'A', 0.9),
      components: { fundamental: 0.9, technical: 0.8, quality: 0.85, risk: 0.7, confidence: 0.95 },
    };
    expect(await uncached.record([scored])).toMatchObject({ points: 1 });
    expect(await uncached.record([{ ...scored }])).toMatchObject({ points: 0 });
    expect(await uncached.record([{ ...scored, score: 0.91 }])).toMatchObject({ points: 1 });
    await own.close();
  });
});
