import { analyse } from '@disc/scoring';
import { InsufficientDataError, type AssetType } from '@disc/types';
import { SampleSnapshotProvider } from '@disc/market-data';
import { APlusScoringTool, DiscoveryValidationError, InvestmentDiscoveryCrew } from '@disc/discovery';

// Peer grading against the bundled sample snapshot (SAMPLE DATA). The expected percentiles are
// recomputed here from `analyse` over the whole universe, independently of the SDK's index.
const provider = new SampleSnapshotProvider();
const NOW = new Date('2026-03-02T10:00:00.000Z');
const peerCrew = new InvestmentDiscoveryCrew({ provider, clock: () => NOW, grading: 'peer' });
const absoluteCrew = new InvestmentDiscoveryCrew({ provider, clock: () => NOW });

/** Absolute final score of every scorable instrument of the type, with its peer group. */
async function absoluteScores(type: AssetType): Promise<Map<string, { score: number; group: string }>> {
  const context = await provider.getMarketContext();
  const out = new Map<string, { score: number; group: string }>();
  for (const { instrument, metrics } of await provider.universe(type)) {
    try {
      const score = analyse(instrument, metrics, { context, riskTolerance: 'moderate' }).final_score ?? 0;
      const group =
        type === 'stock'
          ? `stock sector ${instrument.stock?.sector ?? 'unknown'}`
          : type === 'etf'
            ? `ETF category ${instrument.etf?.category ?? 'unknown'}`
            : 'crypto';
      out.set(instrument.symbol, { score, group });
    } catch (error) {
      if (!(error instanceof InsufficientDataError)) throw error;
    }
  }
  return out;
}

function midRank(scores: readonly number[], x: number): number {
  const below = scores.filter((s) => s < x).length;
  const equal = scores.filter((s) => s === x).length;
  return (below + equal / 2) / scores.length;
}

describe('peer-relative grading', () => {
  it.each(['etf', 'stock', 'crypto'] as const)(
    'grades %s candidates by their mid-rank percentile within the peer group',
    async (type) => {
      const r = await peerCrew.discover(type, { custom_criteria: { min_score: 0 } });
      const all = await absoluteScores(type);
      const aPlus = r.a_plus_candidates.filter((a) => a.final_grade === 'A+');
      expect(r.a_plus_candidates.length).toBeGreaterThan(0);
      // The sample's ETF categories hold 8–9 funds: the best mid-rank is 1 − 0.5/8 = 0.9375, so
      // no ETF can reach A+ (≥ 0.95 needs a group of 10 or more). Sectors and crypto are larger.
      if (type !== 'etf') expect(aPlus.length).toBeGreaterThan(0);
      for (const a of r.a_plus_candidates) {
        const own = all.get(a.candidate.symbol)!;
        expect(a.absolute_score).toBe(own.score);
        // The group is the own peer group, or the whole type when that group is too small.
        const peers = [...all.values()]
          .filter((v) => (a.peer_group === `all ${type}` ? true : v.group === a.peer_group))
          .map((v) => v.score);
        expect(a.peer_group === `all ${type}` || a.peer_group === own.group).toBe(true);
        expect(a.final_score).toBeCloseTo(midRank(peers, own.score), 4);
      }
      for (const a of aPlus) expect(a.final_score).toBeGreaterThanOrEqual(0.95);
      // Ranked by the percentile, best first.
      const finals = r.a_plus_candidates.map((a) => a.final_score ?? 0);
      expect(finals).toEqual([...finals].sort((x, y) => y - x));
    },
  );

  it('floors by the peer percentile (min_score)', async () => {
    const r = await peerCrew.discoverStocks({ min_score: 0.97 });
    expect(r.a_plus_candidates.length).toBeGreaterThan(0);
    for (const a of r.a_plus_candidates) expect(a.final_score).toBeGreaterThanOrEqual(0.97);
  });

  it('applies to discoverAllAssets and batchDiscover too', async () => {
    const all = await peerCrew.discoverAllAssets({ assetTypes: ['crypto'] });
    const batch = await peerCrew.batchDiscover({ asset_types: ['stock'] });
    expect(all.crypto!.a_plus_candidates[0]?.peer_group).toBe('crypto');
    expect(batch.results.stock!.a_plus_candidates[0]?.peer_group).toMatch(/^stock sector /);
  });

  it('leaves absolute mode unchanged (no peer extras, absolute scores)', async () => {
    const r = await absoluteCrew.discoverStocks({ min_score: 0 });
    const all = await absoluteScores('stock');
    expect(r.a_plus_candidates.length).toBeGreaterThan(0);
    for (const a of r.a_plus_candidates) {
      expect(a).not.toHaveProperty('peer_group');
      expect(a).not.toHaveProperty('absolute_score');
      expect(a.final_score).toBe(all.get(a.candidate.symbol)!.score);
    }
    expect(absoluteCrew.grading).toBe('absolute');
  });

  it('rejects an unknown grading with a clear error', () => {
    const make = (grading: unknown): unknown => new InvestmentDiscoveryCrew({ provider, grading: grading as 'peer' });
    expect(() => make('relative')).toThrow(DiscoveryValidationError);
    expect(() => make('relative')).toThrow(/grading must be one of 'absolute', 'peer'; got "relative"/);
    expect(() => new APlusScoringTool({ provider, grading: 'Peer' as 'peer' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
  });

  it('grades one instrument against its peers in the scoring tool', async () => {
    const scorer = new APlusScoringTool({ provider, clock: () => NOW, grading: 'peer' });
    const a = await scorer.scoreEtf('VTI', {
      expense_ratio: 0.03,
      aum: 1.8e12,
      tracking_error: 0.0004,
      history_years: 20,
      category: 'US total market',
    });
    expect(a.peer_group).toMatch(/^(ETF category|all etf)/);
    expect(a.absolute_score).toBeGreaterThan(0);
    expect(a.final_score).toBeGreaterThanOrEqual(0);
    expect(a.final_score).toBeLessThanOrEqual(1);
  });
});
