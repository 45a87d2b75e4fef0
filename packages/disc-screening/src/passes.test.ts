import { analyse, quickScore, roundScore, scoreFromSums, scoringPlan } from '@disc/scoring';
import type { AssetType, MarketContext } from '@disc/types';
import { criteriaInForce, passesScreens, screen } from '@disc/screening';
import { SampleSnapshotProvider } from '@disc/market-data';

describe('fast paths agree with the detailed ones on the whole sample universe', () => {
  const provider = new SampleSnapshotProvider();
  const types: AssetType[] = ['etf', 'stock', 'crypto'];
  const variants: Record<string, unknown>[] = [
    {},
    { ucits_compliant: false, required_free_cash_flow: false, required_institutional_adoption: false },
    { min_roe: 0.1, max_expense_ratio: 0.5, min_market_cap_billions: 1, required_regions: ['US', 'Global'] },
  ];

  it('passesScreens(...) equals screen(...).passed', async () => {
    const context = await provider.getMarketContext();
    let passed = 0;
    const mismatches: string[] = [];
    for (const t of types) {
      for (const v of variants) {
        const known = Object.fromEntries(
          Object.entries(v).filter(([k]) => k in criteriaInForce(t, context).criteria || k === 'required_regions'),
        );
        for (const tolerance of ['conservative', 'aggressive'] as const) {
          const { criteria } = criteriaInForce(t, context, { criteria: known, riskTolerance: tolerance });
          for (const { instrument, metrics } of await provider.universe(t)) {
            const detailed = screen(instrument, criteria, metrics).passed;
            if (passesScreens(instrument, criteria, metrics) !== detailed)
              mismatches.push(`${t} ${instrument.symbol} ${JSON.stringify(known)} ${tolerance}`);
            if (detailed) passed += 1;
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(passed).toBeGreaterThan(100);
  });

  it('quickScore(...) and the cached sums give the final score of analyse(...) in every regime', async () => {
    const base = await provider.getMarketContext();
    const mismatches: string[] = [];
    for (const regime of ['bull', 'bear', 'volatile', 'sideways'] as const) {
      const context: MarketContext = { ...base, regime };
      for (const t of types) {
        const plan = scoringPlan(t, { regime, riskTolerance: 'conservative' });
        for (const { instrument, metrics, sums } of await provider.universe(t)) {
          const full = analyse(instrument, metrics, { context, riskTolerance: 'conservative' }).final_score;
          const quick = quickScore(instrument, metrics, plan);
          const cached = roundScore(scoreFromSums(sums!, plan));
          if (quick !== full || cached !== full)
            mismatches.push(
              `${regime} ${instrument.symbol}: quick ${quick}, cached ${cached}, analyse ${String(full)}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
