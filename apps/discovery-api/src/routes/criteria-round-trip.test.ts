import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { withOverrides } from '../http/rate-limit-table';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

const clock = (): Date => new Date('2026-11-20T10:00:00Z');
let db: Database;
let api: TestApi;
let token: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('criteria', ['discovery'])).token;
  const roomy = withOverrides({ discover: { limit: 1000 }, batch: { limit: 1000 }, criteria: { limit: 1000 } });
  api = await startApi({
    db,
    engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider(), clock }))),
    clock,
    rateLimits: roomy,
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('the criteria of GET /criteria/{asset_type} are accepted back', () => {
  it.each(['etf', 'stock', 'crypto'])(
    '%s: as custom_criteria and as batch asset_specific_criteria',
    async (assetType) => {
      const { body } = await api.call('GET', `/v1/discovery/criteria/${assetType}`, { token });
      // The extension limits, refused before, are among them.
      expect(Object.keys(body.criteria)).toContain('max_drawdown');
      const single = await api.call('POST', `/v1/discovery/discover/${assetType}`, {
        token,
        body: { custom_criteria: { ...body.criteria, min_score: 0 } },
      });
      expect(single.status).toBe(200);
      const batch = await api.call('POST', '/v1/discovery/batch-discover', {
        token,
        body: { asset_types: [assetType], asset_specific_criteria: { [assetType]: body.criteria } },
      });
      expect(batch.status).toBe(200);
      expect(batch.body.errors).toEqual({});
    },
  );

  it('max_volatility and max_drawdown move the screens', async () => {
    const strict = await api.call('POST', '/v1/discovery/discover/stock', {
      token,
      body: { custom_criteria: { min_score: 0, max_results: 500, max_volatility: 0.01, max_drawdown: 0.01 } },
    });
    expect(strict.status).toBe(200);
    expect(strict.body.a_plus_candidates).toEqual([]);
  });
});

describe('a criterion of another asset type', () => {
  it('is a 400 naming its JSON path and location', async () => {
    const res = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      body: { custom_criteria: { min_roe: 0.2 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual({
      location: 'body',
      errors: [{ path: '/custom_criteria/min_roe', message: 'is a screening criterion of stock, not of etf' }],
    });
  });

  it('in batch asset_specific_criteria is a 400 at its path too, told as discover tells it', async () => {
    const res = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      body: { asset_types: ['etf'], asset_specific_criteria: { etf: { min_roe: 0.2, max_roe: 1 } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { path: '/asset_specific_criteria/etf/min_roe', message: 'is a screening criterion of stock, not of etf' },
      { path: '/asset_specific_criteria/etf/max_roe', message: 'is not an allowed member' },
    ]);
  });
});
