import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { TokenStore } from '../store/tokens';
import { startApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

describe('GET /criteria over immutable data', () => {
  it('answers the kept criteria as JSON, with the time of each request', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const crew = new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider(), clock: () => now });
    const expected = await crew.criteria('stock');
    const db = await openMemoryDatabase();
    // Over the bundled sample, as `serve` runs it: the criteria are kept as JSON text.
    const engine = sdkEngine(crew, { immutableData: true, clock: () => now });
    const api = await startApi({ db, engine: fixedEngine(engine), clock: () => now });
    try {
      const token = (await new TokenStore(db).create('analyst', ['discovery'])).token;
      const first = await api.call('GET', '/v1/discovery/criteria/stock', { token });
      now = new Date('2026-11-20T17:45:30.250Z');
      const second = await api.call('GET', '/v1/discovery/criteria/stock', { token });
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(first.body).toEqual(expected);
      expect(second.body).toEqual({ ...expected, last_updated: '2026-11-20T17:45:30.250Z' });
      expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(second.body))));
    } finally {
      await api.close();
      await db.close();
    }
  }, 60_000);
});
