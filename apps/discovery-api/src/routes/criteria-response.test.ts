import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

let now = new Date('2026-11-20T10:00:00Z');
const clock = (): Date => now;
let db: Database;
let api: TestApi;
let token: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('analyst', ['discovery'])).token;
  // Over the bundled sample, as `serve` runs it: the criteria are kept as JSON text.
  const crew = new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider(), clock });
  api = await startApi({ db, engine: fixedEngine(sdkEngine(crew, { immutableData: true, clock })), clock });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('GET /criteria over immutable data', () => {
  it('answers the kept criteria as JSON, with the time of each request', async () => {
    const expected = await new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider(), clock }).criteria(
      'stock',
    );
    const first = await api.call('GET', '/v1/discovery/criteria/stock', { token });
    now = new Date('2026-11-20T17:45:30.250Z');
    const second = await api.call('GET', '/v1/discovery/criteria/stock', { token });
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.body).toEqual(expected);
    expect(second.body).toEqual({ ...expected, last_updated: '2026-11-20T17:45:30.250Z' });
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(second.body))));
  });
});
