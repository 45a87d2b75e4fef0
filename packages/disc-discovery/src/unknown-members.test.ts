import { APlusScoringTool, DiscoveryValidationError, InvestmentDiscoveryCrew } from '@disc/discovery';
import { MemoryProvider, testUniverse } from './test-provider';

// Option and fundamentals objects used to ignore members they did not know, so the contract's
// own spelling `discover_all_assets({ asset_types: ['etf'], max_results_per_type: 1 })` ran every
// asset type with no limit, and a misspelt fundamental or option changed the score unnoticed.

const NOW = new Date('2026-03-02T10:00:00.000Z');
const provider = new MemoryProvider(testUniverse());
const crew = new InvestmentDiscoveryCrew({ provider, clock: () => NOW, ids: () => 'id-1' });
const scorer = new APlusScoringTool({ provider, clock: () => NOW });
const VTI = { expense_ratio: 0.03, aum: 1.8e12, tracking_error: 0.0004, history_years: 20 };
const any = <T>(value: unknown): T => value as T;

async function failuresOf(run: () => Promise<unknown>): Promise<{ path: string; message: string }[]> {
  const caught: unknown = await run().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(DiscoveryValidationError);
  return (caught as DiscoveryValidationError).details['errors'] as { path: string; message: string }[];
}

describe('discoverAllAssets options', () => {
  it("takes the contract's names asset_types and max_results_per_type", async () => {
    const all = await crew.discover_all_assets({ asset_types: ['etf'], max_results_per_type: 1 });
    expect(Object.keys(all)).toEqual(['etf']);
    expect(all.etf?.a_plus_candidates.length).toBeLessThanOrEqual(1);
    const symbols = (r: typeof all): string[] | undefined => r.etf?.a_plus_candidates.map((a) => a.candidate.symbol);
    expect(symbols(all)).toEqual(symbols(await crew.discoverAllAssets({ assetTypes: ['etf'], maxResultsPerType: 1 })));
  });

  it('refuses a member it does not know, and one option given under both names', async () => {
    expect(await failuresOf(() => crew.discoverAllAssets(any({ assetType: ['etf'] })))).toEqual([
      {
        path: '/options/assetType',
        message: 'is not an option of discoverAllAssets (it takes assetTypes, maxResultsPerType, customCriteria)',
      },
    ]);
    expect(await failuresOf(() => crew.discoverAllAssets({ assetTypes: ['etf'], asset_types: ['stock'] }))).toEqual([
      { path: '/options/asset_types', message: 'repeats assetTypes under another name; give it once' },
    ]);
  });
});

describe('APlusScoringTool fundamentals and options', () => {
  it('refuses a misspelt fundamental, naming the known ones', async () => {
    const { expense_ratio, ...rest } = VTI;
    expect(await failuresOf(() => scorer.scoreEtf('VTI', any({ ...rest, expence_ratio: expense_ratio })))).toEqual([
      {
        path: '/fundamental_data/expence_ratio',
        message:
          'is not one of the etf fundamentals (known: expense_ratio, aum, tracking_error, history_years, ucits_compliant, region, category, dividend_yield)',
      },
    ]);
  });

  it('points an option put among the fundamentals to the options argument', async () => {
    expect(await failuresOf(() => scorer.scoreStock('ACME', any({ roe: 0.3, market_cap: 3e12 })))).toEqual([
      {
        path: '/fundamental_data/market_cap',
        message: 'is an option, not a fundamental: pass { market_cap } as the options argument',
      },
    ]);
  });

  it('refuses an option it does not know, such as the HTTP spelling risk_tolerance', async () => {
    expect(await failuresOf(() => scorer.scoreEtf('VTI', VTI, any({ risk_tolerance: 'conservative' })))).toEqual([
      {
        path: '/options/risk_tolerance',
        message: 'is not a score option (it takes riskTolerance, name, current_price, market_cap)',
      },
    ]);
  });
});
