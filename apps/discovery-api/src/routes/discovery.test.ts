import { readFileSync } from 'node:fs';
import {
  InvestmentDiscoveryCrew,
  MarketDataError,
  SampleSnapshotProvider,
  type MarketDataProvider,
} from '@disc/discovery';
import { SAMPLE_SNAPSHOT_PATH } from '@disc/market-data';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { withOverrides } from '../http/rate-limit-table';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';

const sample = new SampleSnapshotProvider();
// Read once, synchronously: the tables of it.each are built before any hook runs.
const sampleEtfs = (
  JSON.parse(readFileSync(SAMPLE_SNAPSHOT_PATH, 'utf8')) as { instruments: { symbol: string; asset_type: string }[] }
).instruments
  .filter((i) => i.asset_type === 'etf')
  .map((i) => i.symbol);
const etfSymbol = sampleEtfs[0]!;
let now = new Date('2026-11-20T10:00:00Z');
const clock = (): Date => now;

let db: Database;
let api: TestApi;
let token: string;
let webhooksOnly: string;

const roomy = withOverrides({
  discover: { limit: 1000 },
  monitor: { limit: 1000 },
  batch: { limit: 1000 },
  criteria: { limit: 1000 },
  integrate: { limit: 1000 },
});

beforeAll(async () => {
  db = await openMemoryDatabase();
  const tokens = new TokenStore(db);
  token = (await tokens.create('analyst', ['discovery'])).token;
  webhooksOnly = (await tokens.create('hooks', ['webhooks'])).token;
  api = await startApi({
    db,
    engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: sample, clock }))),
    clock,
    rateLimits: roomy,
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

const portfolio = {
  current_portfolio: {
    holdings: [{ symbol: 'PLACEHOLDER', shares: 10, current_value: 5000 }],
    cash: 5000,
    total_value: 10000,
  },
  discoveries: [] as { symbol: string; recommended_allocation: number }[],
};

/** One request per endpoint, for the status codes every endpoint shares. */
// Rows of equal length: Jest passes a `done` callback to a test with more parameters than
// its row has values.
const endpoints = (): [string, string, unknown][] => [
  ['POST', '/v1/discovery/discover/etf', {}],
  ['GET', `/v1/discovery/monitor/${etfSymbol}`, undefined],
  ['POST', '/v1/discovery/batch-discover', { asset_types: ['etf', 'crypto'] }],
  ['GET', '/v1/discovery/criteria/etf', undefined],
  [
    'POST',
    '/v1/discovery/integrate-discoveries',
    {
      ...portfolio,
      current_portfolio: {
        ...portfolio.current_portfolio,
        holdings: [{ symbol: etfSymbol, shares: 10, current_value: 5000 }],
      },
    },
  ],
];

describe('200 with the spec shapes (checked against the OpenAPI document)', () => {
  it('POST /discover/{asset_type}', async () => {
    const res = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      body: {
        custom_criteria: { min_score: 0.5, max_results: 3, risk_tolerance: 'moderate' },
        portfolio_context: { current_holdings: [{ symbol: etfSymbol, allocation: 0.5 }] },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.asset_type).toBe('etf');
    expect(res.body.a_plus_candidates.length).toBeGreaterThan(0);
    expect(res.body.a_plus_candidates.length).toBeLessThanOrEqual(3);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('records a grade point for every candidate it returned', async () => {
    const res = await api.call('POST', '/v1/discovery/discover/stock', {
      token,
      body: { custom_criteria: { min_score: 0.5, max_results: 2 } },
    });
    const symbols: string[] = res.body.a_plus_candidates.map((a: { candidate: { symbol: string } }) =>
      a.candidate.symbol.toUpperCase(),
    );
    const stored = await db.query<{ symbol: string; day: string }>(
      'SELECT symbol, day::text AS day FROM score_points WHERE symbol = ANY($1)',
      [symbols],
    );
    expect(stored.map((s) => s.symbol).sort()).toEqual([...symbols].sort());
    expect(new Set(stored.map((s) => s.day))).toEqual(new Set(['2026-11-20']));
  });

  it('GET /monitor/{symbol} builds the grade history from one point per day', async () => {
    await db.query('DELETE FROM score_points WHERE symbol = $1', [etfSymbol.toUpperCase()]);
    now = new Date('2026-11-18T09:00:00Z');
    await api.call('GET', `/v1/discovery/monitor/${etfSymbol}`, { token });
    now = new Date('2026-11-19T09:00:00Z');
    await api.call('GET', `/v1/discovery/monitor/${etfSymbol.toLowerCase()}`, { token });
    const res = await api.call('GET', `/v1/discovery/monitor/${etfSymbol}`, { token });
    now = new Date('2026-11-20T10:00:00Z');
    expect(res.status).toBe(200);
    expect(res.body.symbol).toBe(etfSymbol.toUpperCase());
    expect(res.body.grade_history.map((p: { date: string }) => p.date)).toEqual(['2026-11-19', '2026-11-18']);
    expect(res.body.last_updated).toBe('2026-11-19T09:00:00.000Z');
    const critical = res.body.alerts.some((a: { severity: string }) => a.severity === 'critical');
    expect(res.body.next_review_date).toBe(critical ? '2026-11-20T09:00:00.000Z' : '2026-11-26T09:00:00.000Z');
  });

  it('POST /batch-discover', async () => {
    const res = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      body: {
        asset_types: ['etf', 'crypto'],
        global_criteria: { min_score: 0.5, max_results_per_type: 2 },
        asset_specific_criteria: { crypto: { institutional_adoption_required: true } },
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.results).sort()).toEqual(['crypto', 'etf']);
  });

  it('POST /discover/{asset_type} takes allocations and targets as relative weights: 25 is 0.25', async () => {
    const [first, second] = sampleEtfs;
    const discover = (weights: number[], target: number[]) =>
      api.call('POST', '/v1/discovery/discover/etf', {
        token,
        body: {
          custom_criteria: { min_score: 0.5 },
          portfolio_context: {
            current_holdings: [
              { symbol: first, allocation: weights[0] },
              { symbol: second, allocation: weights[1] },
            ],
            target_allocation: { stocks: target[0], bonds: target[1], alternatives: target[2] },
          },
        },
      });
    const fractions = await discover([0.25, 0.75], [0.6, 0.3, 0.1]);
    const percentages = await discover([25, 75], [60, 30, 10]);
    expect([fractions.status, percentages.status]).toEqual([200, 200]);
    expect(fractions.body.portfolio_improvements.length).toBeGreaterThan(0);
    expect(percentages.body.portfolio_improvements).toEqual(fractions.body.portfolio_improvements);
  });

  it('GET /criteria/{asset_type}', async () => {
    const res = await api.call('GET', '/v1/discovery/criteria/etf', { token });
    expect(res.status).toBe(200);
    expect(res.body.criteria).toHaveProperty('max_expense_ratio');
    expect(res.body.last_updated).toBe('2026-11-20T10:00:00.000Z');
  });

  it('POST /integrate-discoveries', async () => {
    const [held, found] = sampleEtfs;
    const res = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: {
        current_portfolio: {
          holdings: [{ symbol: held, shares: 100, current_value: 20000 }],
          cash: 5000,
          total_value: 25000,
        },
        discoveries: [{ symbol: found, recommended_allocation: 0.1, replacement_for: null }],
        constraints: { max_transaction_cost_fraction: 0.01, rebalancing_threshold: 0.01 },
      },
    });
    expect(res.status).toBe(200);
    expect(
      res.body.trades.some(
        (t: { symbol: string; action: string }) =>
          t.action === 'buy' && t.symbol.toUpperCase() === found!.toUpperCase(),
      ),
    ).toBe(true);
  });
});

describe('400', () => {
  it.each([
    ['POST', '/v1/discovery/discover/bond', {}],
    ['GET', '/v1/discovery/criteria/bond', undefined],
    ['POST', '/v1/discovery/batch-discover', { asset_types: ['etf', 'bond'] }],
  ])('%s %s gives INVALID_ASSET_TYPE naming the supported types', async (method, path, body) => {
    const res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_ASSET_TYPE',
      details: { supported_types: ['etf', 'stock', 'crypto'], provided_type: 'bond' },
    });
    expect(res.body.error.message).toContain('etf, stock, crypto');
  });

  it.each([
    ['/v1/discovery/discover/etf', { custom_criteria: { min_score: 2 } }, '/custom_criteria/min_score'],
    ['/v1/discovery/discover/etf', { custom_criteria: { colour: 'red' } }, '/custom_criteria/colour'],
    ['/v1/discovery/batch-discover', { global_criteria: {} }, '/asset_types'],
    ['/v1/discovery/integrate-discoveries', { discoveries: [] }, '/current_portfolio'],
  ])('POST %s rejects %j at %s', async (path, body, failingPath) => {
    const res = await api.call('POST', path, { token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toContain(failingPath);
  });

  it('GET /monitor rejects a symbol with characters no ticker has', async () => {
    const res = await api.call('GET', '/v1/discovery/monitor/%24%7Bjndi%7D', { token });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  const nuh = { symbol: 'NUH', shares: 10, current_value: 1385 };
  const otherEtf = sampleEtfs.find((s) => s !== 'NUH')!;
  it.each([
    [
      'the same holding twice',
      [nuh, nuh],
      [],
      '/current_portfolio/holdings/1/symbol',
      '/current_portfolio/holdings/0/symbol',
    ],
    [
      'NUH and nuh',
      [nuh, { ...nuh, symbol: 'nuh' }],
      [],
      '/current_portfolio/holdings/1/symbol',
      '/current_portfolio/holdings/0/symbol',
    ],
    [
      'a discovery twice',
      [nuh],
      [
        { symbol: otherEtf, recommended_allocation: 0.1 },
        { symbol: 'NUH', recommended_allocation: 0.1 },
        { symbol: otherEtf.toLowerCase(), recommended_allocation: 0.2 },
      ],
      '/discoveries/2/symbol',
      '/discoveries/0/symbol',
    ],
  ])(
    'POST /integrate-discoveries refuses %s, naming the repeat and the first',
    async (_, holdings, discoveries, repeat, first) => {
      const res = await api.call('POST', '/v1/discovery/integrate-discoveries', {
        token,
        body: { current_portfolio: { holdings, cash: 0, total_value: 1385 * holdings.length }, discoveries },
      });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details.errors).toEqual([{ path: repeat, message: expect.stringContaining(first) }]);
    },
  );

  // docs/portfolio.md, "Consistent portfolios": a plan for these would hold impossible trades
  // ("sell 0 shares for 13 850 USD") or size every target on a wrong total.
  const consistent = { holdings: [{ symbol: 'NUH', shares: 100, current_value: 13_850 }], cash: 10_130 };
  it.each([
    [
      'a holding worth 13 850 USD with 0 shares',
      { ...consistent, holdings: [{ symbol: 'NUH', shares: 0, current_value: 13_850 }], total_value: 23_980 },
      '/current_portfolio/holdings/0/shares',
      'must be above 0 when current_value is above 0',
    ],
    [
      'a replaced holding with shares but no value',
      { ...consistent, holdings: [{ symbol: 'NUH', shares: 100, current_value: 0 }], total_value: 10_130 },
      '/current_portfolio/holdings/0/current_value',
      'must be above 0 when the request trades NUH',
    ],
    [
      'total_value 1 where holdings and cash add up to 23 980 USD',
      { ...consistent, total_value: 1 },
      '/current_portfolio/total_value',
      'add up to 23980 USD',
    ],
  ])('POST /integrate-discoveries refuses %s, naming the member', async (_, current_portfolio, failingPath, why) => {
    const res = await api.call('POST', '/v1/discovery/integrate-discoveries', {
      token,
      body: {
        current_portfolio,
        discoveries: [{ symbol: otherEtf, recommended_allocation: 0.3, replacement_for: 'NUH' }],
      },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toEqual({
      location: 'body',
      errors: [{ path: failingPath, message: expect.stringContaining(why) }],
    });
  });

  it('POST /batch-discover refuses a criterion that fails its schema as a whole request, at its path', async () => {
    // docs/api.md: criteria are checked against the published schemas before any type runs;
    // `errors` of a 200 holds what fails while running (market data of one type).
    const res = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      body: { asset_types: ['etf', 'stock'], asset_specific_criteria: { stock: { max_debt_to_equity: -1 } } },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details.errors).toEqual([
      { path: '/asset_specific_criteria/stock/max_debt_to_equity', message: 'must be >= 0' },
    ]);
    // Criteria of a type asset_types does not list are checked all the same, though not used.
    const unlisted = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      body: { asset_types: ['etf'], asset_specific_criteria: { stock: { max_debt_to_equity: -1 } } },
    });
    expect([unlisted.status, unlisted.body.error.details.errors[0].path]).toEqual([
      400,
      '/asset_specific_criteria/stock/max_debt_to_equity',
    ]);
  });

  // docs/api.md: the batch body is checked as a whole before any type runs. A repeated
  // holding or an allocation JSON reads as Infinity used to answer 200 with `results: {}` and the
  // same VALIDATION_ERROR under every type.
  it.each([
    [
      'a holding listed twice, case ignored',
      '{"symbol":"A","allocation":1},{"symbol":"a","allocation":1}',
      '/portfolio_context/current_holdings/1/symbol',
    ],
    [
      'an allocation of 1e309 (Infinity)',
      '{"symbol":"A","allocation":1e309}',
      '/portfolio_context/current_holdings/0/allocation',
    ],
  ])('POST /batch-discover refuses %s with 400 before any type runs, at its path', async (_, holdings, failingPath) => {
    const res = await api.call('POST', '/v1/discovery/batch-discover', {
      token,
      rawBody: `{"asset_types":["etf","stock","crypto"],"portfolio_context":{"current_holdings":[${holdings}]}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual([failingPath]);
  });

  // The crypto criterion has two names (the batch request of the contract says
  // institutional_adoption_required, the criteria schema required_institutional_adoption): given
  // under both with two values, one of them used to win silently.
  it.each([
    ['/v1/discovery/discover/crypto', { custom_criteria: {} }, '/custom_criteria'],
    [
      '/v1/discovery/batch-discover',
      { asset_types: ['crypto'], asset_specific_criteria: { crypto: {} } },
      '/asset_specific_criteria/crypto',
    ],
  ])('POST %s refuses a criterion given under both its names with two values, naming both', async (path, body, at) => {
    const criteria = { institutional_adoption_required: true, required_institutional_adoption: false };
    const withBoth = JSON.parse(JSON.stringify(body).replace('{}', JSON.stringify(criteria))) as object;
    const res = await api.call('POST', path, { token, body: withBoth });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual([
      `${at}/institutional_adoption_required`,
      `${at}/required_institutional_adoption`,
    ]);
  });

  // Symbols are repeated in answers (trade reasons, replacements): the ticker rule of every
  // other route (docs/api.md) applies to the symbols of a portfolio too.
  it.each([
    [
      '/v1/discovery/integrate-discoveries',
      {
        current_portfolio: {
          holdings: [{ symbol: '💥\n<script>', shares: 1, current_value: 10 }],
          cash: 0,
          total_value: 10,
        },
        discoveries: [],
      },
      '/current_portfolio/holdings/0/symbol',
    ],
    [
      '/v1/discovery/integrate-discoveries',
      {
        current_portfolio: { holdings: [], cash: 10, total_value: 10 },
        discoveries: [{ symbol: 'NUH\u0000', recommended_allocation: 0.1 }],
      },
      '/discoveries/0/symbol',
    ],
    [
      '/v1/discovery/discover/etf',
      { portfolio_context: { current_holdings: [{ symbol: 'NUH\u202e', allocation: 1 }] } },
      '/portfolio_context/current_holdings/0/symbol',
    ],
    [
      '/v1/discovery/discover/etf',
      { portfolio_context: { current_holdings: [{ symbol: 'N'.repeat(33), allocation: 1 }] } },
      '/portfolio_context/current_holdings/0/symbol',
    ],
  ])('POST %s refuses a symbol no ticker has (%#), naming its path', async (path, body, failingPath) => {
    const res = await api.call('POST', path, { token, body });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual([failingPath]);
  });

  it('echoes an unsupported asset type of any length in at most 64 characters and an ellipsis', async () => {
    const long = 'b'.repeat(5000);
    const res = await api.call('POST', `/v1/discovery/discover/${long}`, { token, body: {} });
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_ASSET_TYPE']);
    expect(res.body.error.details.provided_type).toBe(`${'b'.repeat(64)}…`);
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
  });

  it('lists at most 50 failures of a body and counts the others', async () => {
    const members = Array.from({ length: 9000 }, (_, i) => `"k${i}":0`).join(',');
    const res = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      rawBody: `{${members}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect([res.body.error.details.errors.length, res.body.error.details.more_errors]).toEqual([50, 8950]);
    expect(res.body.error.details.errors[0]).toEqual({ path: '/k0', message: 'is not an allowed member' });
  });

  it('refuses portfolio_context.total_value 0 as the published schema says (exclusiveMinimum 0)', async () => {
    const document = await api.call('GET', '/v1/openapi.json');
    const published = document.body.components.schemas.PortfolioContext.properties.total_value;
    expect(published).toMatchObject({ exclusiveMinimum: 0, maximum: 1e13 });
    expect(published.minimum).toBeUndefined();
    const res = await api.call('POST', '/v1/discovery/discover/etf', {
      token,
      body: { portfolio_context: { total_value: 0 } },
    });
    expect([res.status, res.body.error.details.errors]).toEqual([
      400,
      [{ path: '/portfolio_context/total_value', message: 'must be > 0' }],
    ]);
  });

  // Money is capped at 1e13 USD (share counts at 1e15): above it a 400 names the member; up to
  // it every number of the answer is finite (JSON would send Infinity as null). The portfolio
  // at the limit is consistent: its total_value is the holding plus cash.
  const integrate = (over: { holding?: object; cash?: number; total?: number; constraints?: object }): object => ({
    current_portfolio: {
      holdings: [{ symbol: 'NUH', shares: 10, current_value: 1e13, cost_basis: 2e12, ...over.holding }],
      cash: over.cash ?? 0,
      total_value: over.total ?? 1e13,
    },
    discoveries: [{ symbol: otherEtf, recommended_allocation: 0.3, replacement_for: 'NUH' }],
    constraints: { max_transaction_cost: 1e13, tax_loss_harvesting: true, ...over.constraints },
  });
  it.each([
    ['/v1/discovery/discover/etf', '/portfolio_context/total_value', { portfolio_context: { total_value: 1e308 } }],
    ['/v1/discovery/discover/etf', '/portfolio_context/total_value', { portfolio_context: { total_value: 1.0001e13 } }],
    [
      '/v1/discovery/batch-discover',
      '/portfolio_context/total_value',
      { asset_types: ['etf'], portfolio_context: { total_value: 1e14 } },
    ],
    ['/v1/discovery/integrate-discoveries', '/current_portfolio/total_value', integrate({ total: 1e308 })],
    ['/v1/discovery/integrate-discoveries', '/current_portfolio/cash', integrate({ cash: 1e14 })],
    [
      '/v1/discovery/integrate-discoveries',
      '/current_portfolio/holdings/0/current_value',
      integrate({ holding: { current_value: 1e308 } }),
    ],
    [
      '/v1/discovery/integrate-discoveries',
      '/current_portfolio/holdings/0/cost_basis',
      integrate({ holding: { cost_basis: 1e14 } }),
    ],
    [
      '/v1/discovery/integrate-discoveries',
      '/current_portfolio/holdings/0/shares',
      integrate({ holding: { shares: 1e16 } }),
    ],
    [
      '/v1/discovery/integrate-discoveries',
      '/constraints/max_transaction_cost',
      integrate({ constraints: { max_transaction_cost: 1e308 } }),
    ],
  ])(
    'POST %s refuses an amount above the limit at %s, and answers in finite numbers up to it',
    async (path, failingPath, body) => {
      const res = await api.call('POST', path, { token, body });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual([failingPath]);

      const atLimit = await api.call('POST', '/v1/discovery/discover/etf', {
        token,
        body: {
          custom_criteria: { min_score: 0.5 },
          portfolio_context: { current_holdings: [{ symbol: 'NUH', allocation: 1 }], total_value: 1e13 },
        },
      });
      expect(atLimit.status).toBe(200);
      const costs = atLimit.body.portfolio_improvements.map(
        (i: { cost_analysis: { transaction_costs: unknown } }) => i.cost_analysis.transaction_costs,
      );
      expect(costs.length).toBeGreaterThan(0);
      expect(costs.every((c: unknown) => typeof c === 'number' && c > 0)).toBe(true);
      const plan = await api.call('POST', '/v1/discovery/integrate-discoveries', { token, body: integrate({}) });
      expect(plan.status).toBe(200);
      expect(plan.body.trades.map((t: { action: string }) => t.action)).toEqual(['sell', 'buy']);
      for (const t of plan.body.trades) expect([typeof t.shares, typeof t.amount]).toEqual(['number', 'number']);
      expect(typeof plan.body.resulting_portfolio.total_value).toBe('number');
      expect(typeof plan.body.resulting_portfolio.cash).toBe('number');
      expect(JSON.stringify(plan.body)).not.toMatch(/Infinity|NaN|null,"amount"|"shares":null/);
    },
  );
});

describe('401 and 403 on every endpoint', () => {
  it.each(endpoints())('%s %s', async (method, path, body) => {
    const anonymous = await api.call(method, path, body === undefined ? {} : { body });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    const wrongScope = await api.call(method, path, { token: webhooksOnly, ...(body === undefined ? {} : { body }) });
    expect([wrongScope.status, wrongScope.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('batch with one failing asset type', () => {
  it('answers 200 with the failure under errors, without the upstream message', async () => {
    const flaky: MarketDataProvider = {
      ...sample,
      name: 'flaky',
      snapshotId: () => sample.snapshotId(),
      isSample: () => sample.isSample(),
      listInstruments: (t) => sample.listInstruments(t),
      universe: (t) =>
        t === 'crypto' ? Promise.reject(new MarketDataError('coin feed at 10.0.0.9 refused')) : sample.universe(t),
      getInstrument: (s) => sample.getInstrument(s),
      metricsFor: (s) => sample.metricsFor(s),
      getMarketContext: () => sample.getMarketContext(),
      getBenchmark: () => sample.getBenchmark(),
    };
    const flakyApi = await startApi({
      db,
      engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: flaky, clock }))),
      clock,
      rateLimits: roomy,
    });
    try {
      const res = await flakyApi.call('POST', '/v1/discovery/batch-discover', {
        token,
        body: { asset_types: ['etf', 'crypto'] },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.results)).toEqual(['etf']);
      expect(res.body.errors.crypto.code).toBe('MARKET_DATA_UNAVAILABLE');
      expect(JSON.stringify(res.body)).not.toContain('10.0.0.9');
    } finally {
      await flakyApi.close();
    }
  });
});

describe('404', () => {
  it('GET /monitor/{symbol} for a symbol that was never scored and is not in the data', async () => {
    const res = await api.call('GET', '/v1/discovery/monitor/NOSUCHSYM', { token });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'SYMBOL_NOT_FOUND', details: { symbol: 'NOSUCHSYM' } });
  });

  it('GET /monitor/{symbol} answers from history when the data no longer has the symbol', async () => {
    await db.query(
      "INSERT INTO score_points (symbol, asset_type, day, grade, score) VALUES ('GONE', 'stock', '2026-11-01', 'B', 0.77)",
    );
    const res = await api.call('GET', '/v1/discovery/monitor/GONE', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_grade: 'B',
      current_score: 0.77,
      grade_history: [{ date: '2026-11-01', grade: 'B', score: 0.77 }],
    });
  });
});

describe('429 on every endpoint', () => {
  it.each(endpoints())('%s %s', async (method, path, body) => {
    const tight = withOverrides({
      discover: { limit: 1 },
      monitor: { limit: 1 },
      batch: { limit: 1 },
      criteria: { limit: 1 },
      integrate: { limit: 1 },
    });
    const limited = await startApi({
      db,
      engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: sample, clock }))),
      clock,
      rateLimits: tight,
    });
    try {
      const request = { token, ...(body === undefined ? {} : { body }) };
      const first = await limited.call(method, path, request);
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
      const second = await limited.call(method, path, request);
      expect([second.status, second.body.error.code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

/** A provider whose every call fails the given way. */
function failingProvider(makeError: () => Error): MarketDataProvider {
  const fail = (): Promise<never> => Promise.reject(makeError());
  return {
    name: 'failing',
    snapshotId: fail,
    isSample: fail,
    listInstruments: fail,
    universe: fail,
    getInstrument: fail,
    metricsFor: fail,
    getMarketContext: fail,
    getBenchmark: fail,
  };
}

describe.each([
  [503, 'MARKET_DATA_UNAVAILABLE', () => new MarketDataError('upstream quote service timed out at 10.0.0.7')],
  [500, 'INTERNAL_ERROR', () => new TypeError("Cannot read properties of undefined (reading 'closes')")],
])('%i when the provider fails', (status, code, makeError) => {
  let failing: TestApi;
  beforeAll(async () => {
    failing = await startApi({
      db,
      engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: failingProvider(makeError), clock }))),
      clock,
      rateLimits: roomy,
    });
  });
  afterAll(async () => {
    await failing.close();
  });

  it.each(endpoints())('%s %s', async (method, path, body) => {
    const res = await failing.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(JSON.stringify(res.body)).not.toMatch(/10\.0\.0\.7|reading 'closes'|\n\s+at /);
  });
});
