import { InvestmentDiscoveryCrew, monitorResult } from '@disc/discovery';
import { MemoryProvider, testUniverse } from './test-provider';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const crew = new InvestmentDiscoveryCrew({ provider: new MemoryProvider(testUniverse()), clock: () => NOW });

describe('assess and monitorResult', () => {
  it('grades a symbol today with the signals monitoring needs', async () => {
    const a = await crew.assess('fee');
    expect(a).toMatchObject({
      symbol: 'FEE',
      asset_type: 'etf',
      assessed_at: NOW.toISOString(),
      point: { date: '2026-03-02' },
    });
    expect(a?.point.grade).toBe(a?.analysis.final_grade);
    // FEE's 0.5 % expense ratio breaks the 0.12 % limit in force (sideways market).
    expect(a?.criteria_breaches).toEqual(['max_expense_ratio: 0.5 against the limit 0.12']);
    expect(await crew.assess('UNKNOWN')).toBeUndefined();
  });

  it('builds the monitor result from the persisted history', async () => {
    const a = (await crew.assess('GOOD'))!;
    const history = [
      { date: '2026-02-20', grade: 'B' as const, score: 0.76 },
      { date: '2026-03-02', grade: 'C' as const, score: 0.6 }, // same day, another grade: kept
    ];
    const m = monitorResult(a, history);
    expect(m.grade_history).toEqual([a.point, history[1], history[0]]); // newest first
    expect(m.alerts.map((x) => x.type)).toEqual(['grade_upgrade']);
    expect(m).toMatchObject({
      symbol: 'GOOD',
      current_grade: 'A+',
      last_updated: NOW.toISOString(),
      next_review_date: '2026-03-09T10:00:00.000Z',
    });
  });

  it('is wrapped by crew.monitor, which knows no history of its own', async () => {
    const m = await crew.monitor('GOOD');
    expect(m).toMatchObject({
      symbol: 'GOOD',
      current_grade: 'A+',
      grade_history: [{ date: '2026-03-02', grade: 'A+' }],
      alerts: [],
    });
    expect(await crew.monitor('UNKNOWN')).toBeUndefined();
  });

  it('reviews the next day after a critical alert', async () => {
    const a = (await crew.assess('MEH'))!;
    const m = monitorResult(a, [{ date: '2026-02-27', grade: 'A+', score: 0.97 }]);
    expect(m.alerts.map((x) => [x.type, x.severity])).toContainEqual(['lost_a_plus', 'critical']);
    expect(m.next_review_date).toBe('2026-03-03T10:00:00.000Z');
  });
});
