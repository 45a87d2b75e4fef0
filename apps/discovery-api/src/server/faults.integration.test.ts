import { createClient } from 'redis';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import type { EngineSource } from '../discovery/engine';
import { withOverrides } from '../http/rate-limit-table';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { createScratchPostgres, freePort, hasRedisServer, startOwnRedis, type OwnRedis } from '@fin/test-utils';
import { openMemoryDatabase } from '../test-support/databases';
import { capturingLogger } from '../test-support/log-capture';
import { describeWithServices } from '../test-support/services';
import { connectRedisLimits, type RedisLimits } from './redis';

// Only the operational and webhook routes are called; the discovery engine is not needed.
const noEngine: EngineSource = { current: () => Promise.reject(new Error('not used')) };
// Generous bound: the point is an answer instead of the former 90 s hang, not a latency test.
const ANSWER_WITHIN_MS = 5_000;
const call = (api: TestApi, path: string, token?: string) =>
  Promise.race([
    api.call('GET', path, token === undefined ? {} : { token }),
    new Promise<never>((_resolve, reject) =>
      setTimeout(
        () => reject(new Error(`no answer to ${path} within ${ANSWER_WITHIN_MS} ms`)),
        ANSWER_WITHIN_MS,
      ).unref(),
    ),
  ]);

const describeRedis = hasRedisServer() || process.env.CI !== undefined ? describe : describe.skip;
if (!hasRedisServer() && process.env.CI === undefined)
  process.stderr.write(
    '\n[discovery-api] SKIPPED Redis fault tests: redis-server is not installed (.ci/deps/redis-server.sh installs it).\n',
  );

describeRedis('Redis outages (a private redis-server, never the shared one)', () => {
  let db: Database;
  let token: string;
  beforeAll(async () => {
    db = await openMemoryDatabase();
    token = (await new TokenStore(db).create('faults', ['webhooks'])).token;
  });
  afterAll(async () => {
    await db.close();
  });

  async function serve(redis: RedisLimits, logger = capturingLogger().logger): Promise<TestApi> {
    return startApi({
      db,
      engine: noEngine,
      logger,
      rateLimits: withOverrides({ webhooks: { limit: 1000 }, webhook_reads: { limit: 1000 } }),
      limiterStore: redis.storeFactory,
      readinessChecks: { redis: () => redis.ping() },
    });
  }

  async function counted(url: string): Promise<number> {
    const client = createClient({ url });
    await client.connect();
    try {
      return (await client.keys('faults:*')).length;
    } finally {
      await client.close();
    }
  }

  it('while serving: readiness says redis failed, limited routes count per instance with a warning, Redis comes back without a restart', async () => {
    let own: OwnRedis = await startOwnRedis();
    const capture = capturingLogger();
    const redis = await connectRedisLimits(own.url, 'faults:', { logger: capture.logger, startupTimeoutMs: 5_000 });
    const api = await serve(redis, capture.logger);
    try {
      expect((await call(api, '/readyz')).status).toBe(200);
      expect((await call(api, '/v1/webhooks', token)).status).toBe(200);
      expect(await counted(own.url)).toBe(1);

      await own.stop();
      const ready = await call(api, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toEqual({ database: 'ok', redis: 'failed' });
      const limited = await call(api, '/v1/webhooks', token);
      expect(limited.status).toBe(200);
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('999');
      expect((await call(api, '/v1/webhooks', token)).headers.get('x-ratelimit-remaining')).toBe('998');
      expect(capture.messages()).toContain(
        'Redis rate-limit store failed; counting in this instance until Redis answers',
      );

      own = await startOwnRedis(own.port);
      await eventually(async () => (await call(api, '/readyz')).status === 200);
      expect((await call(api, '/v1/webhooks', token)).status).toBe(200);
      expect(await counted(own.url)).toBe(1);
      expect(capture.messages()).toContain('Redis rate-limit store answers again; shared limits resumed');
    } finally {
      await api.close();
      await redis.close();
      await own.stop();
    }
  }, 60_000);

  it('at start-up: logs what it waits for, serves degraded after the bounded wait, then uses Redis once it is there', async () => {
    const port = await freePort();
    const capture = capturingLogger();
    const redis = await connectRedisLimits(`redis://127.0.0.1:${port}`, 'faults:', {
      logger: capture.logger,
      startupTimeoutMs: 300,
      maxBackoffMs: 200,
    });
    const api = await serve(redis, capture.logger);
    let own: OwnRedis | undefined;
    try {
      expect(capture.messages()).toContain('waiting for Redis (rate-limit store)');
      expect(capture.messages()).toContain(
        'Redis unreachable at start-up; serving with per-instance rate limits and readiness failed until it answers',
      );
      expect((await call(api, '/readyz')).body.checks.redis).toBe('failed');
      expect((await call(api, '/v1/webhooks', token)).status).toBe(200);

      own = await startOwnRedis(port);
      await eventually(async () => (await call(api, '/readyz')).status === 200);
      expect((await call(api, '/v1/webhooks', token)).status).toBe(200);
      expect(await counted(own.url)).toBe(1);
    } finally {
      await api.close();
      await redis.close();
      await own?.stop();
    }
  }, 60_000);
});

describeWithServices('PostgreSQL outage', ['postgres'], () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, and readiness reports the database', async () => {
    const scratch = await createScratchPostgres();
    const db = await openDatabase({ kind: 'postgres', url: scratch.url });
    const token = (await new TokenStore(db).create('pg', ['webhooks'])).token;
    const api = await startApi({
      db,
      engine: noEngine,
      rateLimits: withOverrides({ webhooks: { limit: 1000 }, webhook_reads: { limit: 1000 } }),
    });
    try {
      expect((await call(api, '/v1/webhooks', token)).status).toBe(200);
      await scratch.drop(); // terminates the pool's connections and removes the database
      const res = await call(api, '/v1/webhooks', token);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('DATABASE_UNAVAILABLE');
      expect(res.headers.get('retry-after')).toBe('5');
      const again = await call(api, '/v1/webhooks', token);
      expect(again.body.error.code).toBe('DATABASE_UNAVAILABLE');
      const ready = await call(api, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.database).toBe('failed');
    } finally {
      await api.close();
      await db.close().catch(() => undefined);
      await scratch.drop();
    }
  }, 60_000);
});

async function eventually(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
