import { readFileSync } from 'node:fs';
import { InvestmentDiscoveryCrew, SampleSnapshotProvider, SnapshotProvider } from '@disc/discovery';
import { SAMPLE_SNAPSHOT_PATH, parseSnapshot } from '@disc/market-data';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

type Snapshot = {
  as_of: string;
  instruments: { symbol: string; asset_type: string; prices?: { start: string; closes: number[] } }[];
};
const sampleFile = JSON.parse(readFileSync(SAMPLE_SNAPSHOT_PATH, 'utf8')) as Snapshot;
const etf = sampleFile.instruments.find((i) => i.asset_type === 'etf' && (i.prices?.closes.length ?? 0) > 300)!;
const closes = etf.prices!.closes;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

let db: Database;
let api: TestApi;
let token: string;
let webhooksOnly: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  const tokens = new TokenStore(db);
  token = (await tokens.create('analyst', ['discovery'])).token;
  webhooksOnly = (await tokens.create('hooks', ['webhooks'])).token;
  api = await startApi({
    db,
    engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider() }))),
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('GET /v1/discovery/prices/{symbol}', () => {
  it('answers the last N closes, oldest first, with their 50- and 200-day averages, labelled sample data', async () => {
    const res = await api.call('GET', `/v1/discovery/prices/${etf.symbol.toLowerCase()}?days=30`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ symbol: etf.symbol, sample: true, as_of: sampleFile.as_of });
    expect(res.body.data_source).toMatch(/SAMPLE DATA/);
    const points = res.body.prices as { date: string; close: number; sma_50: number; sma_200: number }[];
    expect(points).toHaveLength(30);
    expect(points.map((p) => p.close)).toEqual(closes.slice(-30));
    const last = points[29]!;
    expect(last.sma_50).toBeCloseTo(mean(closes.slice(-50)), 2);
    expect(last.sma_200).toBeCloseTo(mean(closes.slice(-200)), 2);
    // Business days, ascending, ending on the snapshot's last trading day.
    expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
    expect(new Set(points.map((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay())).has(0)).toBe(false);
    expect(last.date <= sampleFile.as_of).toBe(true);
  });

  it('has no averages before enough closes are behind a day, and 365 days by default', async () => {
    const all = await api.call('GET', `/v1/discovery/prices/${etf.symbol}?days=2000`, { token });
    const points = all.body.prices as { sma_50: number | null; sma_200: number | null }[];
    expect(points).toHaveLength(closes.length);
    expect([
      points[48]!.sma_50,
      points[49]!.sma_50 !== null,
      points[198]!.sma_200,
      points[199]!.sma_200 !== null,
    ]).toEqual([null, true, null, true]);
    expect((await api.call('GET', `/v1/discovery/prices/${etf.symbol}`, { token })).body.prices).toHaveLength(365);
  });

  it('uses the dates a snapshot gives, and says when the data is not the sample', async () => {
    const dated = {
      ...sampleFile,
      sample: false,
      instruments: [
        {
          ...etf,
          prices: { start: '2026-01-05', dates: ['2026-01-05', '2026-01-07', '2026-01-09'], closes: [10, 11, 12] },
        },
      ],
    };
    const own = await startApi({
      db,
      engine: fixedEngine(
        sdkEngine(
          new InvestmentDiscoveryCrew({
            provider: new SnapshotProvider(parseSnapshot(dated, 'test'), { name: 'my snapshot' }),
          }),
        ),
      ),
    });
    try {
      const res = await own.call('GET', `/v1/discovery/prices/${etf.symbol}`, { token });
      expect(res.body).toMatchObject({ sample: false, data_source: 'my snapshot' });
      expect(res.body.prices).toEqual([
        { date: '2026-01-05', close: 10, sma_50: null, sma_200: null },
        { date: '2026-01-07', close: 11, sma_50: null, sma_200: null },
        { date: '2026-01-09', close: 12, sma_50: null, sma_200: null },
      ]);
    } finally {
      await own.close();
    }
  });

  it('is 404 SYMBOL_NOT_FOUND for an unknown symbol, 400 for a bad days, 403 without the discovery scope', async () => {
    const unknown = await api.call('GET', '/v1/discovery/prices/NOPE123', { token });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'SYMBOL_NOT_FOUND']);
    const bad = await api.call('GET', `/v1/discovery/prices/${etf.symbol}?days=0`, { token });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await api.call('GET', `/v1/discovery/prices/${etf.symbol}`, { token: webhooksOnly })).status).toBe(403);
  });

  it('names what is wrong with days: a negative count is "must be >= 1", not "must be integer"', async () => {
    const errors = async (days: string) =>
      (await api.call('GET', `/v1/discovery/prices/${etf.symbol}?days=${days}`, { token })).body.error.details.errors;
    expect(await errors('-1')).toEqual([{ path: '/days', message: 'must be >= 1' }]);
    expect(await errors('99999999999')).toEqual([{ path: '/days', message: 'must be <= 2000' }]);
    expect(await errors('1.5')).toEqual([{ path: '/days', message: 'must be integer' }]);
  });

  it('says a parameter given twice is given twice, not that it "must be integer"', async () => {
    const res = await api.call('GET', `/v1/discovery/prices/${etf.symbol}?days=3&days=4`, { token });
    expect([res.status, res.body.error.details]).toEqual([
      400,
      { location: 'query', errors: [{ path: '/days', message: 'is given twice; give it once' }] },
    ]);
  });
});

describe('GET /v1/discovery/market-context', () => {
  it('answers the context discoveries report, without spending a discovery', async () => {
    const res = await api.call('GET', '/v1/discovery/market-context', { token });
    expect(res.status).toBe(200);
    const discovery = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      body: { custom_criteria: { max_results: 0 } },
    });
    expect(res.body).toEqual(discovery.body.market_context);
    expect(res.body).toMatchObject({ sample: true, as_of: sampleFile.as_of });
    expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    expect((await api.call('GET', '/v1/discovery/market-context', { token: webhooksOnly })).status).toBe(403);
  });
});
