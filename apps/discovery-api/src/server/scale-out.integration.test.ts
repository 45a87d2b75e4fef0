import { createClient } from 'redis';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/open';
import { createScratchPostgres, TEST_REDIS_URL, type ScratchPostgres } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import { callApi } from '../test-support/api';
import { runCli, spawnServer, type ServerProcess } from '../test-support/processes';
import { startApi } from '../test-support/api';
import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { TokenStore } from '../store/tokens';

describeWithServices('PostgreSQL and Redis', ['postgres', 'redis'], () => {
  let pg: ScratchPostgres;
  const prefix = `discovery-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    pg = await createScratchPostgres();
  });
  afterAll(async () => {
    await pg.drop();
    const redis = createClient({ url: TEST_REDIS_URL });
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });

  it('runs the migrations on an empty database, once', async () => {
    const db = await openDatabase({ kind: 'postgres', url: pg.url });
    try {
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.map((t) => t.table_name)).toEqual([
        'api_tokens',
        'discovery_runs',
        'market_snapshots',
        'schema_migrations',
        'score_points',
        'webhook_attempts',
        'webhook_deliveries',
        'webhook_events',
        'webhooks',
      ]);
    } finally {
      await db.close();
    }
    const again = await openDatabase({ kind: 'postgres', url: pg.url });
    const versions = await again.query('SELECT version FROM schema_migrations');
    await again.close();
    expect(versions).toHaveLength(4);
  });

  it('reads, on one instance, the grade history another instance wrote', async () => {
    // Two instances with their own connection pools and clocks a day apart, as two
    // processes on two machines would be.
    const [dbA, dbB] = await Promise.all([
      openDatabase({ kind: 'postgres', url: pg.url }),
      openDatabase({ kind: 'postgres', url: pg.url }),
    ]);
    const dayOne = () => new Date('2026-11-20T08:00:00Z');
    const dayTwo = () => new Date('2026-11-21T08:00:00Z');
    const a = await startApi({
      db: dbA,
      clock: dayOne,
      engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ clock: dayOne }))),
    });
    const b = await startApi({
      db: dbB,
      clock: dayTwo,
      engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ clock: dayTwo }))),
    });
    try {
      const token = (await new TokenStore(dbA).create('history', ['discovery'])).token;
      const discovered = await a.call('POST', '/v1/discovery/discover/etf', {
        token,
        body: { custom_criteria: { min_score: 0.5, max_results: 1 } },
      });
      const symbol: string = discovered.body.a_plus_candidates[0].candidate.symbol;
      const res = await b.call('GET', `/v1/discovery/monitor/${symbol}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.grade_history.map((p: { date: string }) => p.date)).toEqual(['2026-11-21', '2026-11-20']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([dbA.close(), dbB.close()]);
    }
  }, 30_000);

  describe('two API processes', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let token: string;
    const env = (): Record<string, string> => ({
      DATABASE_URL: pg.url,
      REDIS_URL: TEST_REDIS_URL,
      DISCOVERY_REDIS_PREFIX: prefix,
      DISCOVERY_RATE_LIMITS: JSON.stringify({ webhook_reads: { limit: 4 } }),
    });

    beforeAll(async () => {
      [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
      const created = await runCli(['tokens', 'create', '--name', 'scale-out', '--scopes', 'webhooks'], env());
      expect(created.status).toBe(0);
      token = created.stdout.trim();
    }, 90_000);
    afterAll(async () => {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    });

    it('prints only the token on stdout from `tokens create` against PostgreSQL', () => {
      expect(token).toMatch(/^disc_[A-Za-z0-9_-]{43}$/);
    });

    it('share one rate-limit budget through Redis', async () => {
      const statuses: number[] = [];
      const remaining: string[] = [];
      for (const server of [a, b, a, b, a]) {
        const res = await callApi(server.url, 'GET', '/v1/webhooks', { token });
        statuses.push(res.status);
        remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect(remaining).toEqual(['3', '2', '1', '0', '0']);
    });

    it('see each other’s writes through the shared database', async () => {
      const other = (
        await runCli(['tokens', 'create', '--name', 'writer', '--scopes', 'webhooks'], env())
      ).stdout.trim();
      // An address literal: no name to resolve (the test machines have no public DNS).
      const hook = { url: 'https://93.184.216.34/x', events: ['new_discovery'], secret: 'shared-secret-123456' };
      const created = await callApi(a.url, 'POST', '/v1/webhooks', { token: other, body: hook });
      expect(created.status).toBe(201);
      const read = await callApi(b.url, 'GET', `/v1/webhooks/${created.body.id}`, { token: other });
      expect(read.body).toEqual(created.body);
      const ready = await callApi(b.url, 'GET', '/readyz');
      expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    });
  });
});
