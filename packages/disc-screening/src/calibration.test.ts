import { analyse, analyseDetailed, buildPeerIndex, GRADES } from '@disc/scoring';
import type { AssetType, Grade } from '@disc/types';
import { criteriaInForce, screen } from '@disc/screening';
import { SampleSnapshotProvider } from '@disc/market-data';

// Calibration on the sample universe (docs/decisions/0006-grades.md): every band is used, A+ is a few
// percent of the universe, and the default discovery of each asset type finds A+ candidates.
describe('grade calibration on the sample universe', () => {
  const provider = new SampleSnapshotProvider();
  const types: AssetType[] = ['etf', 'stock', 'crypto'];

  it('uses every grade band, with A+ a few percent of the universe', async () => {
    const context = await provider.getMarketContext();
    const total = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>;
    const rows: string[] = [];
    let n = 0;
    for (const t of types) {
      const dist = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>;
      for (const { instrument, metrics } of await provider.universe(t)) {
        const g = analyse(instrument, metrics, { context }).final_grade;
        dist[g] += 1;
        total[g] += 1;
        n += 1;
      }
      rows.push(`${t.padEnd(7)} ${GRADES.map((g) => `${g}:${dist[g]}`).join(' ')}`);
    }
    rows.push(
      `${'all'.padEnd(7)} ${GRADES.map((g) => `${g}:${total[g]}`).join(' ')}  (A+ ${((100 * total['A+']) / n).toFixed(1)} % of ${n})`,
    );
    console.log(`Grade distribution, sample snapshot, regime ${context.regime}:\n${rows.join('\n')}`);
    expect(GRADES.filter((g) => total[g] === 0)).toEqual([]);
    expect(total['A+'] / n).toBeGreaterThanOrEqual(0.01);
    expect(total['A+'] / n).toBeLessThanOrEqual(0.06);
  });

  it.each(types)('the default %s screens let at least one A+ through', async (t) => {
    const context = await provider.getMarketContext();
    const { criteria } = criteriaInForce(t, context);
    const found = (await provider.universe(t)).filter(
      ({ instrument, metrics }) =>
        screen(instrument, criteria, metrics).passed && analyse(instrument, metrics, { context }).final_grade === 'A+',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });

  it('peer-relative grading puts roughly the top 5 % of stocks at A+', async () => {
    const context = await provider.getMarketContext();
    const universe = await provider.universe('stock');
    const scored = universe.map((e) => ({
      instrument: e.instrument,
      score: analyseDetailed(e.instrument, e.metrics, { context }).absolute_score,
    }));
    const peers = buildPeerIndex(scored);
    const grades = universe.map((e) => analyse(e.instrument, e.metrics, { context, peers }));
    const aPlus = grades.filter((a) => a.final_grade === 'A+');
    expect(aPlus.length / grades.length).toBeGreaterThan(0.02);
    expect(aPlus.length / grades.length).toBeLessThan(0.1);
    const top = aPlus[0]!;
    expect(top.peer_group).toMatch(/^stock sector /);
    expect(top.absolute_score).toBeLessThanOrEqual(1);
    expect(top.rationale[0]).toMatch(
      /^Peer-relative grade A\+: final score 0\.\d{4} \(absolute [A-F][+-]?\) ranks at the (9[5-9]|100)th percentile of stock sector /,
    );
  });
});
