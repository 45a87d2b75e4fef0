import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { withOverrides } from '../http/rate-limit-table';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

// The HTTP examples of the API reference this contract comes from (fjacquet/finwiz,
// docs/investment_discovery/api_reference.md), sent as written, on the bundled sample data.
let now = new Date('2026-11-20T10:00:00Z');
const clock = (): Date => now;
let db: Database;
let api: TestApi;
let token: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('origin', ['discovery'])).token;
  const roomy = withOverrides({
    discover: { limit: 1000 },
    monitor: { limit: 1000 },
    batch: { limit: 1000 },
    criteria: { limit: 1000 },
    integrate: { limit: 1000 },
  });
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

const integrateExample = {
  current_portfolio: {
    holdings: [
      { symbol: 'VTI', shares: 100, current_value: 24500 },
      { symbol: 'BND', shares: 200, current_value: 16800 },
    ],
    cash: 5000,
    total_value: 46300,
  },
  discoveries: [{ symbol: 'VXUS', recommended_allocation: 0.25, replacement_for: 'FTSE Developed Markets ETF' }],
  constraints: { max_transaction_cost: 100, tax_loss_harvesting: true, rebalancing_threshold: 0.05 },
};

describe('POST /integrate-discoveries, the origin example', () => {
  it('reads max_transaction_cost as money and says the named fund is not held', async () => {
    const res = await api.call('POST', '/v1/discovery/integrate-discoveries', { token, body: integrateExample });
    expect(res.status).toBe(200);
    expect(res.body.estimated_transaction_costs).toBeGreaterThan(0);
    expect(res.body.estimated_transaction_costs).toBeLessThanOrEqual(100);
    expect(res.body.trades).toEqual([
      expect.objectContaining({ action: 'buy', symbol: 'VXUS', replacement_for: null }),
    ]);
    expect(res.body.replacements).toEqual([
      { symbol: 'VXUS', replacement_for: 'FTSE Developed Markets ETF', matched_holding: null, matched_by: null },
    ]);
    // 25 % of 46 300 is 11 575 USD, more than the 5 000 of cash: the buy is scaled down.
    expect(res.body.constraint_violations.map((v: { constraint: string }) => v.constraint)).toEqual([
      'replacement_for',
      'cash',
    ]);
  });

  it('defers what a money budget cannot pay for', async () => {
    const res = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: { ...integrateExample, constraints: { max_transaction_cost: 1 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.trades).toEqual([]);
    expect(res.body.constraint_violations).toContainEqual(
      expect.objectContaining({
        constraint: 'max_transaction_cost',
        symbol: 'VXUS',
        message: expect.stringContaining('budget of 1 USD'),
      }),
    );
  });

  it('takes the fraction under max_transaction_cost_fraction, the smaller budget winning', async () => {
    const both = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: {
        ...integrateExample,
        constraints: { max_transaction_cost: 1000, max_transaction_cost_fraction: 0.00001 },
      },
    });
    expect(both.status).toBe(200);
    expect(both.body.trades).toEqual([]);
    const fraction = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: { ...integrateExample, constraints: { max_transaction_cost_fraction: 1.5 } },
    });
    expect(fraction.status).toBe(400);
    expect(fraction.body.error.details.errors[0].path).toBe('/constraints/max_transaction_cost_fraction');
  });

  it('resolves replacement_for by instrument name and says which holding matched', async () => {
    const body = {
      ...integrateExample,
      discoveries: [{ symbol: 'VXUS', recommended_allocation: 0.25, replacement_for: 'total stock market ETF' }],
    };
    const res = await api.call('POST', '/v1/discovery/integrate-discoveries', { token, body });
    expect(res.status).toBe(200);
    expect(res.body.replacements).toEqual([
      { symbol: 'VXUS', replacement_for: 'total stock market ETF', matched_holding: 'VTI', matched_by: 'name' },
    ]);
    expect(res.body.trades[0]).toMatchObject({ action: 'sell', symbol: 'VTI', shares: 100, replacement_for: 'VTI' });
    const bySymbol = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: { ...body, discoveries: [{ ...body.discoveries[0], replacement_for: 'bnd' }] },
    });
    expect(bySymbol.body.replacements[0]).toMatchObject({ matched_holding: 'BND', matched_by: 'symbol' });
  });
});

describe('units and order of the origin examples', () => {
  it('POST /discover/etf: inflation_rate in percent, annual_savings in expense-ratio points', async () => {
    const res = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      body: {
        custom_criteria: { min_score: 0.95, max_results: 20, regions: ['US', 'EU'], risk_tolerance: 'moderate' },
        portfolio_context: {
          current_holdings: [
            { symbol: 'VTI', allocation: 0.4 },
            { symbol: 'VXUS', allocation: 0.3 },
          ],
          target_allocation: { stocks: 0.7, bonds: 0.2, alternatives: 0.1 },
        },
      },
    });
    expect(res.status).toBe(200);
    const context = res.body.market_context;
    expect(context.inflation_rate).toBeCloseTo(context.inflation_rate_fraction * 100, 8);
    expect(context.inflation_rate).toBeGreaterThan(1);
    expect(context.data_source).toContain('SAMPLE DATA');
    for (const improvement of res.body.portfolio_improvements as { cost_analysis: Record<string, number> }[]) {
      const c = improvement.cost_analysis;
      expect(c.annual_savings).toBeCloseTo(c.current_expense_ratio! - c.new_expense_ratio!, 4);
      expect(typeof c.annual_savings_usd).toBe('number');
    }
  });

  it('POST /batch-discover and GET /criteria/etf answer the examples', async () => {
    const batch = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      body: {
        asset_types: ['etf', 'stock', 'crypto'],
        global_criteria: { min_score: 0.95, max_results_per_type: 10 },
        asset_specific_criteria: {
          etf: { max_expense_ratio: 0.15, min_aum_billions: 1.0 },
          stock: { min_roe: 0.2, min_market_cap_billions: 5.0 },
          crypto: { min_market_cap_billions: 10.0, institutional_adoption_required: true },
        },
      },
    });
    expect(batch.status).toBe(200);
    expect(Object.keys(batch.body.results).sort()).toEqual(['crypto', 'etf', 'stock']);
    expect((await api.call('GET', '/v1/discovery/criteria/etf', { token })).status).toBe(200);
  });

  it.each(['VTI', 'VXUS', 'BND', 'SCHD', 'AAPL', 'MSFT', 'GOOGL'])(
    'GET /monitor/%s answers on the sample data, history newest first',
    async (symbol) => {
      now = new Date('2026-11-20T10:00:00Z');
      expect((await api.call('GET', `/v1/discovery/monitor/${symbol}`, { token })).status).toBe(200);
      now = new Date('2026-11-21T10:00:00Z');
      const res = await api.call('GET', `/v1/discovery/monitor/${symbol}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.grade_history.map((p: { date: string }) => p.date)).toEqual(['2026-11-21', '2026-11-20']);
    },
  );
});
