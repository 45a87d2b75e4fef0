import type { Database } from '../db/database';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

// Webhook and token ids in the path are checked against the form the stores generate, so a
// byte PostgreSQL cannot store in text (U+0000) or any other made-up id is the client's 400
// naming the parameter, never a 500 from the database.
const SECRET = 'local-admin-secret-for-id-tests';
const admin = { headers: { authorization: `Bearer ${SECRET}` } };

let db: Database;
let api: TestApi;
let owner: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  owner = (await new TokenStore(db).create('owner', ['webhooks'])).token;
  api = await startApi({
    db,
    engine: { current: () => Promise.reject(new Error('unused')) },
    adminSecret: SECRET,
    webhookUrlPolicy: { allowLoopback: true },
  });
}, 30_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

const webhookRoutes = (id: string): [string, string][] => [
  ['GET', `/v1/webhooks/${id}`],
  ['DELETE', `/v1/webhooks/${id}`],
  ['GET', `/v1/webhooks/${id}/deliveries`],
  ['POST', `/v1/webhooks/${id}/test`],
  ['POST', `/v1/webhooks/${id}/enable`],
];
const adminRoutes = (id: string): [string, string][] => [
  ['POST', `/v1/admin/webhooks/${id}/disable`],
  ['DELETE', `/v1/admin/webhooks/${id}`],
];
const BAD_WEBHOOK_IDS = [
  'a%00',
  'wh_0123456789abcdef0123456789abcde%00',
  'wh_0123456789ABCDEF0123456789ABCDEF',
  'wh_1',
  'x',
];

describe('a webhook id not of the form wh_ and 32 hex digits', () => {
  it.each(BAD_WEBHOOK_IDS.flatMap((id) => webhookRoutes(id)))('%s %s is 400 naming /id', async (method, path) => {
    const res = await api.call(method, path, { token: owner });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toMatchObject({ location: 'path', errors: [{ path: '/id' }] });
  });

  it.each(BAD_WEBHOOK_IDS.flatMap((id) => adminRoutes(id)))('%s %s (admin) is 400 naming /id', async (method, path) => {
    const res = await api.call(method, path, admin);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toMatchObject({ location: 'path', errors: [{ path: '/id' }] });
  });

  it('tells a made-up id (400) from one of that form: 404 when there is no such webhook, found when there is', async () => {
    const unknown = `wh_${'0'.repeat(32)}`;
    for (const [method, path] of webhookRoutes(unknown)) {
      expect((await api.call(method, path, { token: owner })).status).toBe(404);
    }
    expect((await api.call('GET', `/v1/webhooks/${unknown}0`, { token: owner })).status).toBe(400);
    const created = await api.call('POST', '/v1/webhooks', {
      token: owner,
      body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-sixteen-chars', events: ['grade_change'] },
    });
    expect(created.body.id).toMatch(/^wh_[0-9a-f]{32}$/);
    expect((await api.call('GET', `/v1/webhooks/${created.body.id}`, { token: owner })).status).toBe(200);
  });

  // Base64url of NUL bytes, and of 'msg_' and a NUL: no delivery id has them.
  it.each(['AAAA', 'bXNnXwA'])(
    'GET /v1/webhooks/{id}/deliveries?after=%s, not a cursor of the service, is 400 naming /after',
    async (after) => {
      const created = await api.call('POST', '/v1/webhooks', {
        token: owner,
        body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-sixteen-chars', events: ['grade_change'] },
      });
      const res = await api.call('GET', `/v1/webhooks/${created.body.id}/deliveries?after=${after}`, { token: owner });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details).toMatchObject({ location: 'query', errors: [{ path: '/after' }] });
    },
  );
});

describe('a token id not of the form tok_ and 16 hex digits', () => {
  it.each(['a%00', 'tok_0123456789abcde%00', 'tok_0123456789ABCDEF', 'tok_1'])(
    'DELETE /v1/admin/tokens/%s is 400 naming /id',
    async (id) => {
      const res = await api.call('DELETE', `/v1/admin/tokens/${id}`, admin);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details).toMatchObject({ location: 'path', errors: [{ path: '/id' }] });
    },
  );

  it('tells a made-up id (400) from one of that form: 404 when there is no such token, revoked when there is', async () => {
    expect((await api.call('DELETE', `/v1/admin/tokens/tok_${'0'.repeat(16)}`, admin)).status).toBe(404);
    expect((await api.call('DELETE', `/v1/admin/tokens/tok_${'0'.repeat(17)}`, admin)).status).toBe(400);
    const created = await api.call('POST', '/v1/admin/tokens', {
      ...admin,
      body: { name: 'cli', scopes: ['webhooks'] },
    });
    expect(created.body.record.id).toMatch(/^tok_[0-9a-f]{16}$/);
    expect((await api.call('DELETE', `/v1/admin/tokens/${created.body.record.id}`, admin)).status).toBe(204);
  });
});
