import {
  batchCustomCriteria,
  customCriteriaEffects,
  DiscoveryValidationError,
  DuplicateSymbolError,
  InvalidAssetTypeError,
  MAX_AMOUNT_USD,
  InvestmentDiscoveryCrew,
  MarketDataError,
  SampleSnapshotProvider,
  type CustomCriteria,
} from '@disc/discovery';
import { DownProvider, MemoryProvider, testUniverse } from './test-provider';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const crew = new InvestmentDiscoveryCrew({
  provider: new MemoryProvider(testUniverse()),
  clock: () => NOW,
  ids: () => 'id-1',
});
const symbols = (r: { a_plus_candidates: { candidate: { symbol: string } }[] }): string[] =>
  r.a_plus_candidates.map((a) => a.candidate.symbol);

describe('InvestmentDiscoveryCrew.discover', () => {
  it('returns the A+ candidates that pass every screen, best first, in the spec shape', async () => {
    const r = await crew.discoverEtfs();
    expect(symbols(r)).toEqual(['GOOD2', 'EURO', 'GOOD', 'BOND']);
    expect(r.a_plus_candidates.every((a) => a.final_grade === 'A+')).toBe(true);
    expect(Object.keys(r).sort()).toEqual([
      'a_plus_candidates',
      'asset_type',
      'discovery_date',
      'execution_time_seconds',
      'market_context',
      'portfolio_improvements',
      'total_screened',
    ]);
    expect(r).toMatchObject({
      asset_type: 'etf',
      total_screened: 7,
      discovery_date: NOW.toISOString(),
      portfolio_improvements: [],
    });
    expect(r.market_context).toMatchObject({
      regime: 'sideways',
      vix_level: 16,
      interest_rate_environment: 'stable',
      inflation_rate: 2,
      inflation_rate_fraction: 0.02,
    });
    expect(r.a_plus_candidates[0]?.candidate).toMatchObject({
      symbol: 'GOOD2',
      asset_type: 'etf',
      discovery_date: NOW.toISOString(),
    });
  });

  it('rejects an unsupported asset type with the spec details', async () => {
    await expect(crew.discover('bond')).rejects.toBeInstanceOf(InvalidAssetTypeError);
    await expect(crew.discover('bond')).rejects.toMatchObject({
      code: 'INVALID_ASSET_TYPE',
      details: { supported_types: ['etf', 'stock', 'crypto'], provided_type: 'bond' },
    });
  });

  it('applies min_score as the final-score floor and max_results as the cap', async () => {
    expect(symbols(await crew.discoverEtfs({ min_score: 0 }))).toEqual([
      'GOOD2',
      'EURO',
      'GOOD',
      'BOND',
      'SWING',
      'MEH',
    ]);
    expect(symbols(await crew.discoverEtfs({ min_score: 0.8, max_results: 2 }))).toEqual(['GOOD2', 'EURO']);
    expect(symbols(await crew.discoverEtfs({ max_results: 0 }))).toEqual([]);
  });

  it('lets custom criteria override the screening limits', async () => {
    // GOOD2 costs 0.05 %: a 0.04 % limit screens it out; FEE (0.5 %) passes a 1 % limit.
    expect(symbols(await crew.discoverEtfs({ max_expense_ratio: 0.04 }))).not.toContain('GOOD2');
    expect(symbols(await crew.discoverEtfs({ max_expense_ratio: 1, min_score: 0 }))).toContain('FEE');
  });

  it('filters ETFs and stocks by region, but not crypto', async () => {
    expect(symbols(await crew.discoverEtfs({ regions: ['europe'] }))).toEqual(['EURO']);
    expect(symbols(await crew.discoverCrypto({ regions: ['US'], min_score: 0 }))).toEqual(['BIG']);
  });

  it('moves volatility limits with risk_tolerance', async () => {
    // SWING has a one-year volatility of 0.31: under the 0.35 default, over the conservative 0.28.
    expect(symbols(await crew.discoverEtfs({ min_score: 0, risk_tolerance: 'moderate' }))).toContain('SWING');
    expect(symbols(await crew.discoverEtfs({ min_score: 0, risk_tolerance: 'conservative' }))).not.toContain('SWING');
  });

  it('weighs risk more for conservative investors', async () => {
    const score = async (risk_tolerance: 'conservative' | 'aggressive'): Promise<number> =>
      (await crew.discoverEtfs({ min_score: 0, risk_tolerance, max_volatility: 0.5 })).a_plus_candidates.find(
        (a) => a.candidate.symbol === 'SWING',
      )?.final_score ?? NaN;
    // SWING's risk component is weak (0.51), so weighing risk more lowers its final score.
    expect(await score('conservative')).toBeLessThan(await score('aggressive'));
  });

  it('validates the discovery options', async () => {
    await expect(crew.discoverEtfs({ min_score: 2 })).rejects.toBeInstanceOf(DiscoveryValidationError);
    await expect(crew.discoverEtfs({ risk_tolerance: 'reckless' as never })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/custom_criteria/risk_tolerance' }] },
    });
    await expect(crew.discoverEtfs({ max_expense_ratio: 'cheap' as never })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(
      crew.discoverEtfs({}, { current_holdings: [{ symbol: 'MEH', allocation: -1 }] }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/portfolio_context/current_holdings/0/allocation' }] },
    });
  });

  it('proposes replacements for weak holdings from portfolio_context', async () => {
    const r = await crew.discoverEtfs(
      {},
      {
        current_holdings: [
          { symbol: 'MEH', allocation: 0.6 },
          { symbol: 'WIN', allocation: 0.4 },
        ],
        target_allocation: { stocks: 0.6, bonds: 0.4, alternatives: 0 },
      },
    );
    expect(r.portfolio_improvements.map((p) => [p.current_holding, p.recommended_replacement.symbol])).toEqual(
      expect.arrayContaining([
        ['MEH', expect.any(String)],
        [null, 'BOND'],
      ]),
    );
    const meh = r.portfolio_improvements.find((p) => p.current_holding === 'MEH')!;
    expect(meh.cost_analysis.current_expense_ratio).toBe(0.12);
    expect(meh.expected_grade_improvement).toBeGreaterThan(4); // B (0.758) → A+ (≥ 0.99)
    expect(meh.implementation_priority).toBeGreaterThanOrEqual(1);
    expect(meh.implementation_priority).toBeLessThanOrEqual(5);
  });

  it('reports an unavailable provider as MarketDataError', async () => {
    const down = new InvestmentDiscoveryCrew({ provider: new DownProvider() });
    await expect(down.discoverStocks()).rejects.toBeInstanceOf(MarketDataError);
  });
});

describe('the spec names', () => {
  it('are aliases that give the same results', async () => {
    expect(await crew.discover_etfs_async({ min_score: 0.9 })).toEqual({
      ...(await crew.discoverEtfs({ min_score: 0.9 })),
      execution_time_seconds: expect.any(Number),
    });
    expect(symbols(await crew.discover_stocks())).toEqual(['WIN']);
    expect(Object.keys(await crew.discover_all_assets(['etf', 'crypto'], 1))).toEqual(['etf', 'crypto']);
  });
});

describe('discoverAllAssets and batchDiscover', () => {
  it('discovers per type with a per-type cap', async () => {
    const all = await crew.discoverAllAssets({ assetTypes: ['etf', 'stock'], maxResultsPerType: 1 });
    expect(symbols(all.etf!)).toEqual(['GOOD2']);
    expect(symbols(all.stock!)).toEqual(['WIN']);
    expect(all.crypto).toBeUndefined();
  });

  it('merges global and asset-specific criteria, accepts both adoption spellings and collects errors per type', async () => {
    const batch = await crew.batchDiscover({
      asset_types: ['etf', 'crypto', 'bond'],
      global_criteria: { min_score: 0, max_results_per_type: 3 },
      asset_specific_criteria: { etf: { max_expense_ratio: 0.04 }, crypto: { institutional_adoption_required: false } },
    });
    expect(batch).toMatchObject({ batch_id: 'id-1', discovery_date: NOW.toISOString(), total_screened: 7 + 2 });
    expect(symbols(batch.results.etf!)).toEqual(['EURO', 'GOOD', 'BOND']);
    expect(symbols(batch.results.crypto!).sort()).toEqual(['BIG', 'NEWB']);
    expect(batch.errors.bond).toMatchObject({ code: 'INVALID_ASSET_TYPE' });
    const schemaName = await crew.batchDiscover({
      asset_types: ['crypto'],
      global_criteria: { min_score: 0 },
      asset_specific_criteria: { crypto: { required_institutional_adoption: true } },
    });
    expect(symbols(schemaName.results.crypto!)).toEqual(['BIG']);
  });

  it('puts a provider failure under the failing type', async () => {
    const down = new InvestmentDiscoveryCrew({ provider: new DownProvider() });
    const batch = await down.batchDiscover({ asset_types: ['etf'] });
    expect(batch.errors.etf).toMatchObject({ code: 'MARKET_DATA_UNAVAILABLE' });
    expect(batch.results).toEqual({});
  });
});

describe('criteria and integration', () => {
  it('returns the criteria in force', async () => {
    const c = await crew.criteria('etf');
    // Sideways markets raise cost sensitivity: the 0.15 % limit tightens by 0.8.
    expect(c).toMatchObject({
      asset_type: 'etf',
      criteria: { max_expense_ratio: 0.12, min_aum_billions: 1, ucits_compliant: true },
      market_adjustments: { regime: 'sideways', cost_sensitivity_increased: true },
      last_updated: NOW.toISOString(),
    });
    await expect(crew.get_criteria('bond')).rejects.toBeInstanceOf(InvalidAssetTypeError);
  });

  it('plans the integration of discoveries into a portfolio', async () => {
    const plan = await crew.integrateDiscoveries({
      current_portfolio: {
        holdings: [{ symbol: 'MEH', shares: 100, current_value: 20_000 }],
        cash: 5_000,
        total_value: 25_000,
      },
      discoveries: [{ symbol: 'GOOD', recommended_allocation: 0.8, replacement_for: 'MEH' }],
      constraints: { max_transaction_cost_fraction: 0.01, rebalancing_threshold: 0.01, tax_loss_harvesting: false },
    });
    expect(plan.plan_id).toBe('id-1');
    expect(plan.generated_at).toBe(NOW.toISOString());
    expect(plan.trades.map((t) => [t.action, t.symbol, t.amount])).toEqual([
      ['sell', 'MEH', 20_000],
      ['buy', 'GOOD', 20_000],
    ]);
    // Two ETF trades of 20 000: 2 × (1 + 4) USD.
    expect(plan.estimated_transaction_costs).toBe(10);
    expect(plan.within_constraints).toBe(true);
    expect(plan.improvements[0]).toMatchObject({ current_holding: 'MEH', recommended_replacement: { symbol: 'GOOD' } });
    // The replacement's preliminary score is its screening headroom, as discovery and monitoring give it.
    const assessed = await crew.assess('GOOD');
    expect(plan.improvements[0]?.recommended_replacement).toHaveProperty(
      'preliminary_score',
      assessed?.analysis.candidate.preliminary_score,
    );
    expect(assessed?.analysis.candidate.preliminary_score).not.toBe(assessed?.analysis.final_score);
    await expect(
      crew.integrate_discoveries({
        current_portfolio: { holdings: [], cash: 0, total_value: 0 },
        discoveries: [{ symbol: 'GOOD', recommended_allocation: 5 }],
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/discoveries/0/recommended_allocation' }] },
    });
  });

  it('refuses a symbol held twice and amounts above MAX_AMOUNT_USD, naming the paths', async () => {
    const portfolio = (holdings: { symbol: string; shares: number; current_value: number }[], cash = 0) => ({
      current_portfolio: { holdings, cash, total_value: 2_770 + cash },
      discoveries: [{ symbol: 'GOOD', recommended_allocation: 0.5 }],
    });
    const nuh = { symbol: 'MEH', shares: 10, current_value: 1_385 };
    const twice = crew.integrateDiscoveries(portfolio([nuh, { ...nuh, symbol: 'meh' }]));
    await expect(twice).rejects.toBeInstanceOf(DuplicateSymbolError);
    await expect(twice).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        errors: [
          {
            path: '/current_portfolio/holdings/1/symbol',
            message: expect.stringContaining('/current_portfolio/holdings/0/symbol'),
          },
        ],
      },
    });
    expect(MAX_AMOUNT_USD).toBe(1e13);
    await expect(crew.integrateDiscoveries(portfolio([nuh], 1e308))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        errors: [{ path: '/current_portfolio/cash' }, { path: '/current_portfolio/total_value' }],
      },
    });
    await expect(crew.discoverEtfs({}, { total_value: MAX_AMOUNT_USD * 10 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/portfolio_context/total_value' }] },
    });
  });
});

describe('custom_criteria of another asset type (SDK)', () => {
  it('names the member by its path in the request', async () => {
    const crew = new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider() });
    await expect(crew.discover('etf', { custom_criteria: { min_roe: 0.2 } })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/custom_criteria/min_roe', message: 'is not a screening criterion of etf' }] },
    });
  });
});

describe('customCriteriaEffects', () => {
  it('says which members of custom_criteria change scores and which only the candidate set', () => {
    const none = { changesScores: false, changesCandidates: false };
    const filters = { changesScores: false, changesCandidates: true };
    expect(customCriteriaEffects(undefined)).toEqual(none);
    expect(customCriteriaEffects({})).toEqual(none);
    expect(
      customCriteriaEffects({ risk_tolerance: 'moderate', min_score: 0.95, max_results: 10, regions: [] }),
    ).toEqual(none);
    for (const custom of [{ max_results: 0 }, { min_score: 0 }, { regions: ['US'] }, { max_expense_ratio: 1 }]) {
      expect(customCriteriaEffects(custom)).toEqual(filters);
    }
    for (const risk_tolerance of ['conservative', 'aggressive'] as const) {
      expect(customCriteriaEffects({ risk_tolerance })).toEqual({ changesScores: true, changesCandidates: true });
    }
  });

  it('matches what discovery does: filters leave every grade and score as assess gives it, risk tolerance moves them', async () => {
    const crew = new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider(), clock: () => NOW });
    const differing = async (custom: CustomCriteria, type: string): Promise<number> => {
      const result = await crew.discover(type, { custom_criteria: custom });
      expect(result.a_plus_candidates.length).toBeGreaterThan(0);
      let differ = 0;
      for (const a of result.a_plus_candidates) {
        const own = (await crew.assess(a.candidate.symbol))!;
        if (a.final_grade !== own.point.grade || a.final_score !== own.point.score) differ += 1;
      }
      return differ;
    };
    const wide = { min_score: 0, max_results: 500 };
    expect(await differing({ ...wide, max_expense_ratio: 5, max_volatility: 5, regions: ['US'] }, 'etf')).toBe(0);
    expect(await differing({ ...wide, min_roe: -1, max_drawdown: 1 }, 'stock')).toBe(0);
    expect(await differing({ ...wide, min_age_months: 0 }, 'crypto')).toBe(0);
    expect(await differing({ ...wide, risk_tolerance: 'aggressive' }, 'stock')).toBeGreaterThan(0);
    expect(await differing({ ...wide, risk_tolerance: 'conservative' }, 'etf')).toBeGreaterThan(0);
  });

  it('batchCustomCriteria gives the criteria one type of a batch runs with', () => {
    const request = {
      asset_types: ['etf', 'crypto'],
      global_criteria: { min_score: 0.5, max_results_per_type: 3 },
      asset_specific_criteria: { etf: { max_expense_ratio: 0.2 } },
    };
    expect(batchCustomCriteria(request, 'etf')).toEqual({ min_score: 0.5, max_results: 3, max_expense_ratio: 0.2 });
    expect(batchCustomCriteria(request, 'crypto')).toEqual({ min_score: 0.5, max_results: 3 });
    expect(batchCustomCriteria({ asset_types: ['stock'] }, 'stock')).toEqual({});
  });
});
