import type { Database } from '../src/db/database';
import { TokenStore } from '../src/store/tokens';
import { startApi, type TestApi } from '../src/test-support/api';
import { openMemoryDatabase } from '../src/test-support/databases';

// docs/api.md, docs/errors.md: "Every route refuses a query parameter it does not declare".
// `__proto__` was copied onto a plain object, where assigning it changes (or keeps) the
// prototype instead of adding a member, so the check never saw it.
let db: Database;
let api: TestApi;
let token: string;
let hook: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('query', ['webhooks'])).token;
  api = await startApi({
    db,
    engine: { current: () => Promise.reject(new Error('unused')) },
    webhookUrlPolicy: { allowLoopback: true },
  });
  const created = await api.call('POST', '/v1/webhooks', {
    token,
    body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-sixteen-chars', events: ['grade_change'] },
  });
  hook = created.body.id as string;
}, 30_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('query parameters named like Object.prototype members', () => {
  const routes = (): [string, string][] => [
    ['/healthz', 'it takes none'],
    ['/v1/webhooks', 'it takes none'],
    [`/v1/webhooks/${hook}/deliveries`, 'it takes limit, after'],
  ];

  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])(
    '?%s=… is refused on every route: 400 VALIDATION_ERROR, location query, at its own path',
    async (name) => {
      for (const [path, takes] of routes()) {
        for (const query of [`${name}=x`, `${name}=1&limit=2`, `${name}[a]=1`]) {
          if (query.includes('limit') && !takes.includes('limit')) continue;
          const res = await api.call('GET', `${path}?${query}`, { token });
          expect([path, query, res.status, res.body.error?.code]).toEqual([path, query, 400, 'VALIDATION_ERROR']);
          expect(res.body.error.details.location).toBe('query');
          expect(res.body.error.details.errors).toContainEqual({
            path: `/${query.split('=')[0]}`,
            message: `is not a query parameter of this route (${takes})`,
          });
        }
      }
    },
  );

  it('still reads the declared parameters', async () => {
    const res = await api.call('GET', `/v1/webhooks/${hook}/deliveries?limit=2`, { token });
    expect(res.status).toBe(200);
    expect((await api.call('GET', `/v1/webhooks/${hook}/deliveries?limit=0`, { token })).body.error.details).toEqual({
      location: 'query',
      errors: [{ path: '/limit', message: 'must be >= 1' }],
    });
  });
});
