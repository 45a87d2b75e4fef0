import { randomBytes } from 'node:crypto';
import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { TEST_REDIS_URL } from '@fin/test-utils';
import { createClient } from 'redis';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { silentLogger } from '../logging';
import { connectRedisLimits, type RedisLimits } from '../server/redis';
import { TokenStore } from '../store/tokens';
import { startApi, type ApiResponse, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { describeWithServices } from '../test-support/services';
import type { LimiterStoreFactory } from './rate-limit';
import { withOverrides, type RateLimitGroup } from './rate-limit-table';

// docs/rate-limits.md: every route of a group spends the one budget of its token. Each group
// gets a limit of exactly the number of its routes, so one call to each spends it, and the
// next call to any of them is refused.
const GROUPS: readonly [RateLimitGroup, readonly [string, string][]][] = [
  [
    'criteria',
    [
      ['GET', '/v1/discovery/criteria/etf'],
      ['GET', '/v1/discovery/market-context'],
    ],
  ],
  [
    'monitor',
    [
      ['GET', '/v1/discovery/monitor/NO-SUCH-SYMBOL'],
      ['GET', '/v1/discovery/prices/NO-SUCH-SYMBOL'],
    ],
  ],
  [
    'webhooks',
    [
      ['POST', '/v1/webhooks'],
      ['POST', '/v1/webhooks/wh_missing/test'],
      ['POST', '/v1/webhooks/wh_missing/enable'],
    ],
  ],
  [
    'webhook_reads',
    [
      ['GET', '/v1/webhooks'],
      ['GET', '/v1/webhooks/wh_missing'],
      ['DELETE', '/v1/webhooks/wh_missing'],
      ['GET', '/v1/webhooks/wh_missing/deliveries'],
    ],
  ],
];

const limits = withOverrides(Object.fromEntries(GROUPS.map(([group, routes]) => [group, { limit: routes.length }])));

async function startLimitedApi(db: Database, limiterStore?: LimiterStoreFactory): Promise<TestApi> {
  return startApi({
    db,
    engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew())),
    rateLimits: limits,
    ...(limiterStore === undefined ? {} : { limiterStore }),
  });
}

/** Spends a fresh token's budget of `group` across its routes, then checks that every route
 * of the group refuses the token, with the group's headers, and another token still passes. */
async function expectOneBudget(
  api: TestApi,
  db: Database,
  group: RateLimitGroup,
  routes: readonly [string, string][],
): Promise<void> {
  const tokens = new TokenStore(db);
  const [token, other] = await Promise.all(
    ['one', 'other'].map(async (name) => (await tokens.create(`${group}-${name}`, ['discovery', 'webhooks'])).token),
  );
  const call = (method: string, path: string, bearer: string): Promise<ApiResponse> =>
    api.call(method, path, { token: bearer, ...(method === 'POST' ? { body: {} } : {}) });
  const remaining: string[] = [];
  for (const [method, path] of routes) {
    const res = await call(method, path, token!);
    expect(res.status).not.toBe(429);
    expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"${group}"; q=${routes.length}; w=3600;`));
    remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
  }
  expect(remaining).toEqual(routes.map((_route, i) => String(routes.length - 1 - i)));
  for (const [method, path] of routes) {
    const refused = await call(method, path, token!);
    expect([`${method} ${path}`, refused.status, refused.body.error.code]).toEqual([
      `${method} ${path}`,
      429,
      'RATE_LIMIT_EXCEEDED',
    ]);
    // One number of seconds to the reset, whichever header a client reads; the partition key
    // of the policy (docs/rate-limits.md).
    const t = /^"([a-z_]+)"; r=0; t=(\d+); pk=(:[A-Za-z0-9+/=]+:)$/.exec(refused.headers.get('ratelimit') ?? '');
    expect(t?.[1]).toBe(group);
    expect(refused.headers.get('retry-after')).toBe(t?.[2]);
    expect(refused.body.error.details.retry_after_seconds).toBe(Number(t?.[2]));
    expect(refused.headers.get('ratelimit-policy')).toMatch(new RegExp(`; pk=${t?.[3]}$`));
  }
  expect((await call(routes[0]![0], routes[0]![1], other!)).status).not.toBe(429);
}

describe('rate-limit groups in memory', () => {
  let db: Database;
  let api: TestApi;
  beforeAll(async () => {
    db = await openMemoryDatabase();
    api = await startLimitedApi(db);
  });
  afterAll(async () => {
    await api.close();
    await db.close();
  });

  it.each(GROUPS)('one budget per token for every route of %s', async (group, routes) => {
    await expectOneBudget(api, db, group, routes);
  });
});

describeWithServices('rate-limit groups in Redis', ['redis'], () => {
  const prefix = `discovery-test:${randomBytes(4).toString('hex')}:`;
  let db: Database;
  let redis: RedisLimits;
  let api: TestApi;
  const requested: RateLimitGroup[] = [];
  beforeAll(async () => {
    db = await openMemoryDatabase();
    redis = await connectRedisLimits(TEST_REDIS_URL, prefix, { logger: silentLogger(), startupTimeoutMs: 5_000 });
    api = await startLimitedApi(db, (group) => {
      requested.push(group);
      return redis.storeFactory(group);
    });
  });
  afterAll(async () => {
    await api.close();
    await redis.close();
    await db.close();
    const client = createClient({ url: TEST_REDIS_URL });
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(keys);
    await client.close();
  });

  it('makes one store per group', () => {
    expect([...requested].sort()).toEqual([...new Set(requested)].sort());
    expect(requested).toEqual(expect.arrayContaining(GROUPS.map(([group]) => group)));
  });

  it.each(GROUPS)('one budget per token for every route of %s, in one Redis key', async (group, routes) => {
    await expectOneBudget(api, db, group, routes);
    const client = createClient({ url: TEST_REDIS_URL });
    await client.connect();
    try {
      // The spent token and the other one: a key each.
      const keys = await client.keys(`${prefix}${group}:*`);
      expect(keys).toHaveLength(2);
      // As rate-limits.md documents them: the prefix, the group, the token id.
      for (const key of keys)
        expect(key.slice(prefix.length).split(':')).toEqual([group, expect.stringMatching(/^tok_/)]);
    } finally {
      await client.close();
    }
  });
});
