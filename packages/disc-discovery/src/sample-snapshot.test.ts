import { APlusScoringTool, InvestmentDiscoveryCrew, MarketScreeningTool } from '@disc/discovery';

// The README example against the bundled sample snapshot (SAMPLE DATA). Grades depend on the
// generated data, so these tests check shape, invariants and the sample label.
const crew = new InvestmentDiscoveryCrew();

describe('the SDK on the bundled sample snapshot', () => {
  it('discovers A+ candidates of every type, labelled as sample data', async () => {
    const all = await crew.discoverAllAssets();
    for (const type of ['etf', 'stock', 'crypto'] as const) {
      const r = all[type]!;
      expect(r.total_screened).toBeGreaterThan(50);
      expect(r.a_plus_candidates.every((a) => a.final_grade === 'A+' && a.candidate.asset_type === type)).toBe(true);
      expect(r.market_context.data_source).toMatch(/SAMPLE DATA/);
    }
    const found = Object.values(all).reduce((n, r) => n + r.a_plus_candidates.length, 0);
    expect(found).toBeGreaterThan(0);
  });

  it('runs the README example', async () => {
    const etfs = await crew.discoverEtfs({ max_expense_ratio: 0.1, min_aum_billions: 5, min_score: 0.8 });
    for (const a of etfs.a_plus_candidates) expect(a.final_score).toBeGreaterThanOrEqual(0.8);
    const all = await crew.discoverAllAssets({ assetTypes: ['etf', 'stock'], maxResultsPerType: 5 });
    expect(Object.keys(all)).toEqual(['etf', 'stock']);
    expect(all.stock!.a_plus_candidates.length).toBeLessThanOrEqual(5);
    const score = await new APlusScoringTool().scoreEtf('VTI', {
      expense_ratio: 0.03,
      aum: 1.8e12,
      tracking_error: 0.0004,
      history_years: 20,
    });
    expect(score.final_grade).toBe('A+');
    const list = await new MarketScreeningTool().screenEtfs({ ucits_compliant: false }, 'US', 20);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(20);
  });
});
