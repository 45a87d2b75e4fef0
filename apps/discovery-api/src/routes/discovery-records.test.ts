import { InvestmentDiscoveryCrew, SampleSnapshotProvider, SnapshotProvider } from '@disc/discovery';
import { parseSnapshot } from '@disc/market-data';
import type { Database } from '../db/database';
import type { DiscoveryEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { withOverrides } from '../http/rate-limit-table';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { snapshotWithDowngradedEtf } from '../test-support/snapshots';

// What a discovery leaves behind for every token (docs/monitoring.md, "What a discovery
// records"): grade points only from the service's own scoring, discovery runs only when the
// caller did not narrow or change the candidate set. Events are read from the webhook outbox
// through the deliveries endpoint (no worker runs here, so every delivery stays pending).
const now = new Date('2026-11-20T10:00:00Z');
const clock = (): Date => now;
const engineOver = (provider: SampleSnapshotProvider | SnapshotProvider): DiscoveryEngine =>
  sdkEngine(new InvestmentDiscoveryCrew({ provider, clock }));
const sample = engineOver(new SampleSnapshotProvider());
// SHEM, the sample's one A+ ETF, graded C-: a point to compare the default run's A+ with.
const shemDowngraded = engineOver(
  new SnapshotProvider(parseSnapshot(snapshotWithDowngradedEtf('SHEM'), 'test'), { name: 'test' }),
);
let engine: DiscoveryEngine = sample;

let db: Database;
let api: TestApi;
let analyst: string;
let subscriber: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  const tokens = new TokenStore(db);
  analyst = (await tokens.create('analyst', ['discovery'])).token;
  subscriber = (await tokens.create('subscriber', ['webhooks'])).token;
  api = await startApi({
    db,
    engine: { current: () => Promise.resolve(engine) },
    clock,
    webhookUrlPolicy: { allowLoopback: true },
    rateLimits: withOverrides({ discover: { limit: 1000 }, batch: { limit: 1000 }, monitor: { limit: 1000 } }),
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

/** Another token's webhook, subscribed to both discovery events. */
async function subscribe(): Promise<string> {
  const res = await api.call('POST', '/v1/webhooks', {
    token: subscriber,
    body: {
      url: 'http://127.0.0.1:9/hook',
      secret: 'a-secret-of-sixteen-chars',
      events: ['grade_change', 'new_discovery'],
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The events written for a webhook so far, by name (one transaction writes them at the same time). */
async function eventsOf(hook: string): Promise<string[]> {
  const res = await api.call('GET', `/v1/webhooks/${hook}/deliveries?limit=200`, { token: subscriber });
  expect(res.status).toBe(200);
  return (res.body.data as { event: string }[]).map((d) => d.event).sort();
}

async function pointCount(): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM score_points');
  return row!.n;
}

async function discover(path: string, body?: unknown): Promise<void> {
  const res = await api.call('POST', path, { token: analyst, ...(body === undefined ? {} : { body }) });
  expect(res.status).toBe(200);
}

describe('what a discovery records', () => {
  it('keeps no grade point and sends no grade_change for a risk tolerance other than moderate; the default run does', async () => {
    const hook = await subscribe();
    engine = shemDowngraded;
    const before = await api.call('GET', '/v1/discovery/monitor/SHEM', { token: analyst });
    expect(before.body.current_grade).toBe('C-');
    engine = sample;
    const points = await pointCount();

    for (const risk_tolerance of ['conservative', 'aggressive', 'conservative']) {
      const res = await api.call('POST', '/v1/discovery/discover/etf', {
        token: analyst,
        body: { custom_criteria: { risk_tolerance, min_score: 0, max_results: 500 } },
      });
      // Answered as asked: every ETF that passes the screens, SHEM among them.
      expect(res.status).toBe(200);
      expect(res.body.a_plus_candidates.map((a: { candidate: { symbol: string } }) => a.candidate.symbol)).toContain(
        'SHEM',
      );
      const batch = await api.call('POST', '/v1/discovery/batch-discover', {
        token: analyst,
        body: { asset_types: ['etf', 'stock'], global_criteria: { risk_tolerance, min_score: 0 } },
      });
      expect(batch.status).toBe(200);
    }
    expect(await pointCount()).toBe(points);
    expect(await eventsOf(hook)).toEqual([]);

    await discover('/v1/discovery/discover/etf');
    expect(await pointCount()).toBe(points + 1); // SHEM, the run's one candidate
    expect(await eventsOf(hook)).toEqual(['grade_change', 'new_discovery']);
    const after = await api.call('GET', '/v1/discovery/monitor/SHEM', { token: analyst });
    expect(after.body.grade_history.map((p: { grade: string }) => p.grade)).toEqual(['A+', 'C-']);
  }, 60_000);

  it('counts only runs over the service’s own candidate set for new_discovery', async () => {
    const hook = await subscribe();
    const newDiscoveries = async (): Promise<number> =>
      (await eventsOf(hook)).filter((event) => event === 'new_discovery').length;

    await discover('/v1/discovery/discover/crypto');
    expect(await newDiscoveries()).toBe(1); // the first crypto run: all its A+ candidates are new
    for (let round = 0; round < 2; round += 1) {
      await discover('/v1/discovery/discover/crypto', { custom_criteria: { max_results: 0 } });
      await discover('/v1/discovery/discover/crypto', { custom_criteria: { min_score: 0.99 } });
      await discover('/v1/discovery/discover/crypto', { custom_criteria: { max_volatility_90d: 0.01 } });
      await discover('/v1/discovery/batch-discover', {
        asset_types: ['crypto'],
        global_criteria: { max_results_per_type: 0 },
      });
      // Unchanged A+ set: nothing new against the previous run of the service's own.
      await discover('/v1/discovery/discover/crypto');
      await discover('/v1/discovery/discover/crypto', {
        custom_criteria: { max_results: 10, risk_tolerance: 'moderate' },
      });
      await discover('/v1/discovery/batch-discover', { asset_types: ['crypto'] });
    }
    expect(await newDiscoveries()).toBe(1);
  }, 60_000);
});
