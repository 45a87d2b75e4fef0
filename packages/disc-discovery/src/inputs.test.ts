import {
  APlusScoringTool,
  DiscoveryValidationError,
  InvestmentDiscoveryCrew,
  MarketScreeningTool,
} from '@disc/discovery';
import { MemoryProvider, testUniverse } from './test-provider';

// Hostile arguments a JavaScript caller (or a caller reading untyped JSON) can pass: each must
// be refused with DiscoveryValidationError naming the member, never a bare TypeError or a
// result carrying NaN / a string where the shape promises a number.

const NOW = new Date('2026-03-02T10:00:00.000Z');
const provider = new MemoryProvider(testUniverse());
const scorer = new APlusScoringTool({ provider, clock: () => NOW });
const screener = new MarketScreeningTool({ provider, clock: () => NOW });
const crew = new InvestmentDiscoveryCrew({ provider, clock: () => NOW, ids: () => 'id-1' });
const VTI = { expense_ratio: 0.03, aum: 1.8e12, tracking_error: 0.0004, history_years: 20 };

/** The paths of the DiscoveryValidationError `run` rejects with. */
async function pathsOf(run: () => Promise<unknown>): Promise<string[]> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DiscoveryValidationError);
  const errors = (caught as DiscoveryValidationError).details['errors'] as { path: string }[];
  return errors.map((e) => e.path);
}

const any = <T>(value: unknown): T => value as T;

describe('APlusScoringTool arguments', () => {
  it('refuses a symbol that is not a non-empty string', async () => {
    for (const symbol of [undefined, null, 123, '', '   ']) {
      expect(await pathsOf(() => scorer.scoreEtf(any<string>(symbol), VTI))).toEqual(['/symbol']);
    }
  });

  it('finds a known symbol written with surrounding whitespace', async () => {
    const padded = await scorer.scoreEtf(' GOOD\t', VTI);
    const plain = await scorer.scoreEtf('GOOD', VTI);
    expect(padded.candidate.symbol).toBe('GOOD');
    expect(padded).toEqual(plain);
  });

  it('refuses options that would put NaN, negatives or strings into the result, or crash', async () => {
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { market_cap: NaN }))).toEqual(['/options/market_cap']);
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { market_cap: -5 }))).toEqual(['/options/market_cap']);
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { current_price: any<number>('abc') }))).toEqual([
      '/options/current_price',
    ]);
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { current_price: Infinity }))).toEqual([
      '/options/current_price',
    ]);
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { riskTolerance: any('yolo') }))).toEqual([
      '/options/riskTolerance',
    ]);
    expect(await pathsOf(() => scorer.scoreEtf('VTI', VTI, { name: any<string>(42) }))).toEqual(['/options/name']);
    const ok = await scorer.scoreStock(
      'ACME',
      { roe: 0.31, revenue_growth_5y: 0.18, debt_to_equity: 0.2, free_cash_flow: 4e8 },
      { market_cap: 5e9, current_price: 12.5 },
    );
    expect(ok.candidate).toMatchObject({ market_cap: 5e9, current_price: 12.5 });
  });
});

describe('MarketScreeningTool arguments', () => {
  it('refuses a maxResults that is not a non-negative integer instead of clamping it', async () => {
    for (const maxResults of [-1, NaN, 1.5, Infinity, '5']) {
      expect(await pathsOf(() => screener.screenEtfs({}, 'ALL', any<number>(maxResults)))).toEqual(['/max_results']);
    }
    expect(await screener.screenEtfs({}, 'ALL', 0)).toEqual([]);
  });

  it('refuses a market region that is not a string', async () => {
    expect(await pathsOf(() => screener.screenEtfs({}, any<string>(5), 5))).toEqual(['/market_region']);
  });

  it('does not filter crypto by region, as discovery does not', async () => {
    const all = await screener.screen('crypto', {}, undefined, 20);
    expect(all.length).toBeGreaterThan(0);
    expect(await screener.screen('crypto', {}, 'US', 20)).toEqual(all);
  });
});

describe('InvestmentDiscoveryCrew arguments', () => {
  it('refuses custom_criteria that is not an object, naming it', async () => {
    expect(await pathsOf(() => crew.discover('etf', { custom_criteria: any('abc') }))).toEqual(['/custom_criteria']);
    expect(await pathsOf(() => crew.discover('etf', { custom_criteria: any([1]) }))).toEqual(['/custom_criteria']);
  });

  it('treats a null request like an empty one and refuses a request that is not an object', async () => {
    const plain = await crew.discover('etf');
    expect((await crew.discover('etf', any(null))).a_plus_candidates).toEqual(plain.a_plus_candidates);
    expect(await pathsOf(() => crew.discover('etf', any('x')))).toEqual(['']);
    expect(await pathsOf(() => crew.batchDiscover(any(null)))).toEqual(['/asset_types']);
  });

  it('refuses infinite portfolio weights, which would turn the proposals into NaN and null', async () => {
    expect(
      await pathsOf(() => crew.discoverEtfs({}, { current_holdings: [{ symbol: 'MEH', allocation: Infinity }] })),
    ).toEqual(['/portfolio_context/current_holdings/0/allocation']);
    expect(await pathsOf(() => crew.discoverEtfs({}, { target_allocation: { stocks: Infinity, bonds: 1 } }))).toEqual([
      '/portfolio_context/target_allocation/stocks',
    ]);
    expect(await pathsOf(() => crew.discoverEtfs({}, { target_allocation: any('ab') }))).toEqual([
      '/portfolio_context/target_allocation',
    ]);
  });

  it('refuses a single asset type string where discover_all_assets wants a list', async () => {
    // Read as an options object, 'etf' would silently discover all three types.
    expect(await pathsOf(() => crew.discover_all_assets(any('etf'), 2))).toEqual(['/asset_types']);
    expect(await pathsOf(() => crew.discoverAllAssets({ assetTypes: any('etf') }))).toEqual(['/asset_types']);
    expect(Object.keys(await crew.discover_all_assets(['etf'], 2))).toEqual(['etf']);
  });

  it('monitor and assess refuse a non-string symbol and trim surrounding whitespace', async () => {
    expect(await pathsOf(() => crew.monitor(any(undefined)))).toEqual(['/symbol']);
    expect(await pathsOf(() => crew.assess(any(42)))).toEqual(['/symbol']);
    const padded = await crew.monitor(' good ');
    expect(padded?.symbol).toBe('GOOD');
    expect(padded).toEqual(await crew.monitor('GOOD'));
  });

  it('monitor refuses malformed history points instead of echoing them into grade_history', async () => {
    expect(await pathsOf(() => crew.monitor('GOOD', any([{ date: 'garbage', grade: 'Q', score: 'x' }])))).toEqual([
      '/history/0/date',
      '/history/0/grade',
      '/history/0/score',
    ]);
    expect(await pathsOf(() => crew.monitor('GOOD', [{ date: '2026-02-01', grade: 'A', score: NaN }]))).toEqual([
      '/history/0/score',
    ]);
    expect(await pathsOf(() => crew.monitor('GOOD', any('2026-02-01')))).toEqual(['/history']);
    const result = await crew.monitor('GOOD', any(null));
    expect(result?.grade_history).toHaveLength(1);
  });
});
