import { disableWebhooks } from '@disc/webhooks';
import type { Database } from '../db/database';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

let db: Database;
let api: TestApi;
let owner: string;
let other: string;
let readOnly: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  const tokens = new TokenStore(db);
  owner = (await tokens.create('owner', ['webhooks'])).token;
  other = (await tokens.create('other', ['webhooks'])).token;
  readOnly = (await tokens.create('analyst', ['discovery'])).token;
  api = await startApi({
    db,
    engine: { current: () => Promise.reject(new Error('unused')) },
    webhookUrlPolicy: { allowLoopback: true },
  });
}, 30_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

const register = async (): Promise<string> => {
  const res = await api.call('POST', '/v1/webhooks', {
    token: owner,
    body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-sixteen-chars', events: ['grade_change'] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

describe('POST /v1/webhooks/{id}/enable', () => {
  it('turns a disabled webhook of this token back on, with a clean failure count', async () => {
    const id = await register();
    await disableWebhooks(db, [id], '5 consecutive failed deliveries');
    const disabled = await api.call('GET', `/v1/webhooks/${id}`, { token: owner });
    expect(disabled.body).toMatchObject({ active: false, disabled_reason: '5 consecutive failed deliveries' });

    const res = await api.call('POST', `/v1/webhooks/${id}/enable`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, active: true, failure_count: 0, disabled_at: null, disabled_reason: null });
    expect((await api.call('GET', `/v1/webhooks/${id}`, { token: owner })).body.active).toBe(true);
    // A test event is accepted again (a disabled webhook's is refused).
    expect((await api.call('POST', `/v1/webhooks/${id}/test`, { token: owner })).status).toBe(202);
  });

  it('answers an active webhook as it is', async () => {
    const id = await register();
    const res = await api.call('POST', `/v1/webhooks/${id}/enable`, { token: owner });
    expect([res.status, res.body.active]).toEqual([200, true]);
  });

  it("is 404 for another token's webhook and a deleted one, and 403 without the webhooks scope", async () => {
    const id = await register();
    await disableWebhooks(db, [id], 'disabled by an administrator');
    const foreign = await api.call('POST', `/v1/webhooks/${id}/enable`, { token: other });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await api.call('GET', `/v1/webhooks/${id}`, { token: owner })).body.active).toBe(false);
    expect((await api.call('POST', `/v1/webhooks/${id}/enable`, { token: readOnly })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/webhooks/${id}`, { token: owner })).status).toBe(204);
    expect((await api.call('POST', `/v1/webhooks/${id}/enable`, { token: owner })).status).toBe(404);
  });
});
