import { readFileSync } from 'node:fs';
import { SAMPLE_SNAPSHOT_PATH } from '@disc/market-data';
import type { Database } from '../db/database';
import { sdkEngineFactory } from '../discovery/sdk-engine';
import { snapshotEngineSource } from '../discovery/snapshot-engine-source';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

const SECRET = 'local-admin-secret-for-tests';
const admin = { headers: { authorization: `Bearer ${SECRET}` } };

let db: Database;
let api: TestApi;

beforeAll(async () => {
  db = await openMemoryDatabase();
  const engine = snapshotEngineSource(db, sdkEngineFactory(), 60_000);
  api = await startApi({ db, engine, adminSecret: SECRET, onSnapshotLoaded: () => engine.invalidate() });
}, 30_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('admin routes (loopback, local admin secret)', () => {
  it('do not exist without a configured secret', async () => {
    const plain = await startApi({ db, engine: { current: () => Promise.reject(new Error('unused')) } });
    try {
      const res = await plain.call('GET', '/v1/admin/tokens', admin);
      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await plain.close();
    }
  });

  it('refuse a wrong secret and an API token', async () => {
    const token = (await new TokenStore(db).create('user', ['discovery', 'webhooks'])).token;
    expect((await api.call('GET', '/v1/admin/tokens', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await api.call('GET', '/v1/admin/tokens', { token })).status).toBe(401);
  });

  it('create, list and revoke tokens; a revoked token is refused at once', async () => {
    const created = await api.call('POST', '/v1/admin/tokens', {
      ...admin,
      body: { name: 'cli', scopes: ['discovery'] },
    });
    expect(created.status).toBe(201);
    const token: string = created.body.token;
    expect((await api.call('GET', '/v1/discovery/criteria/etf', { token })).status).toBe(200);
    const listed = await api.call('GET', '/v1/admin/tokens', admin);
    expect(listed.body.data.map((t: { name: string }) => t.name)).toContain('cli');
    expect((await api.call('DELETE', `/v1/admin/tokens/${created.body.record.id}`, admin)).status).toBe(204);
    expect((await api.call('GET', '/v1/discovery/criteria/etf', { token })).status).toBe(401);
    expect((await api.call('DELETE', `/v1/admin/tokens/${created.body.record.id}`, admin)).status).toBe(404);
  });
});

describe('snapshots', () => {
  it('refuses an invalid snapshot with the failing JSON paths', async () => {
    const res = await api.call('POST', '/v1/admin/snapshots', {
      ...admin,
      body: { source: 'bad.json', content: { format: 'disc-snapshot', version: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.errors.length).toBeGreaterThan(0);
  });

  it('serves a loaded snapshot from the next request on, and exports it', async () => {
    const token = (await new TokenStore(db).create('reader', ['discovery'])).token;
    const sample = JSON.parse(readFileSync(SAMPLE_SNAPSHOT_PATH, 'utf8')) as {
      description?: string;
      instruments: { symbol: string; name: string; asset_type: string }[];
    };
    const etf = sample.instruments.find((i) => i.asset_type === 'etf')!;
    sample.instruments.push({ ...etf, symbol: 'ZZNEW', name: 'Added by the test' });
    expect((await api.call('GET', '/v1/discovery/monitor/ZZNEW', { token })).status).toBe(404);

    const loaded = await api.call('POST', '/v1/admin/snapshots', {
      ...admin,
      body: { source: 'with-zznew.json', content: sample },
    });
    expect(loaded.status).toBe(201);
    expect(loaded.body.source).toBe('with-zznew.json');

    const monitored = await api.call('GET', '/v1/discovery/monitor/ZZNEW', { token });
    expect([monitored.status, monitored.body.symbol]).toEqual([200, 'ZZNEW']);
    const exported = await api.call('GET', '/v1/admin/snapshots/current', admin);
    expect(exported.body.instruments.map((i: { symbol: string }) => i.symbol)).toContain('ZZNEW');
  }, 30_000);
});
