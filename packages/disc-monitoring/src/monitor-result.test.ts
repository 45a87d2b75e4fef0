import { monitorResultFromHistory } from './monitor-result';

const stored = (day: string, grade: string, score: number) => ({
  symbol: 'OLD',
  asset_type: 'etf',
  day,
  grade,
  score,
  components: {},
  recorded_at: `${day}T08:00:00.000Z`,
});

describe('monitorResultFromHistory', () => {
  it('answers from the stored history alone, newest first, with a stale-data alert', () => {
    const result = monitorResultFromHistory(
      'OLD',
      [stored('2026-03-01', 'A', 0.91), stored('2026-03-02', 'A-', 0.87)],
      new Date('2026-03-20T00:00:00Z'),
    );
    expect(result).toMatchObject({
      symbol: 'OLD',
      current_grade: 'A-',
      current_score: 0.87,
      last_updated: '2026-03-02T08:00:00.000Z',
      grade_history: [
        { date: '2026-03-02', grade: 'A-', score: 0.87 },
        { date: '2026-03-01', grade: 'A', score: 0.91 },
      ],
      next_review_date: '2026-03-09T08:00:00.000Z',
    });
    expect(result?.alerts.map((a) => a.type)).toEqual(['grade_downgrade', 'data_stale']);
  });

  it('is undefined for a symbol without history', () => {
    expect(monitorResultFromHistory('NEW', [], new Date())).toBeUndefined();
  });
});
