import { gradeChangeEvent, newDiscoveryEvent } from './detectors';

const AT = new Date('2026-03-02T06:00:00Z');

describe('gradeChangeEvent', () => {
  it('emits exactly the spec members when the grade changes', () => {
    const event = gradeChangeEvent(
      { symbol: 'VTI', grade: 'A', score: 0.912 },
      { symbol: 'VTI', grade: 'A+', score: 0.953 },
      { at: AT },
    );
    expect(event).toEqual({
      event: 'grade_change',
      timestamp: '2026-03-02T06:00:00.000Z',
      data: {
        symbol: 'VTI',
        previous_grade: 'A',
        new_grade: 'A+',
        previous_score: 0.912,
        new_score: 0.953,
        reason: 'VTI upgraded from A to A+ (score 0.912 → 0.953)',
      },
    });
  });

  it('says downgraded when the score fell, and takes a caller-given reason', () => {
    const down = gradeChangeEvent(
      { symbol: 'ARKK', grade: 'B', score: 0.77 },
      { symbol: 'ARKK', grade: 'C+', score: 0.66 },
      { at: AT },
    );
    expect(down?.data.reason).toBe('ARKK downgraded from B to C+ (score 0.770 → 0.660)');
    const given = gradeChangeEvent(
      { symbol: 'X', grade: 'B', score: 0.77 },
      { symbol: 'X', grade: 'B+', score: 0.81 },
      { at: AT, reason: 'expense ratio cut' },
    );
    expect(given?.data.reason).toBe('expense ratio cut');
  });

  it('emits nothing for the same grade or a first point', () => {
    expect(
      gradeChangeEvent({ symbol: 'VTI', grade: 'A', score: 0.9 }, { symbol: 'VTI', grade: 'A', score: 0.94 }),
    ).toBeUndefined();
    expect(gradeChangeEvent(undefined, { symbol: 'VTI', grade: 'A', score: 0.94 })).toBeUndefined();
  });

  it('does not leak extra properties of the points into the payload', () => {
    const previous = { symbol: 'VTI', grade: 'A', score: 0.9, day: '2026-03-01', components: {} };
    const next = { ...previous, grade: 'A+', score: 0.96, day: '2026-03-02' };
    const event = gradeChangeEvent(previous, next, { at: AT });
    expect(Object.keys(event!.data).sort()).toEqual([
      'new_grade',
      'new_score',
      'previous_grade',
      'previous_score',
      'reason',
      'symbol',
    ]);
    expect(Object.keys(event!).sort()).toEqual(['data', 'event', 'timestamp']);
  });
});

describe('newDiscoveryEvent', () => {
  const candidates = [
    { symbol: 'VTI', name: 'Vanguard Total Stock Market ETF', score: 0.97, grade: 'A+' },
    { symbol: 'SCHD', name: 'Schwab US Dividend Equity ETF', score: 0.955, grade: 'A+' },
    { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', score: 0.96, grade: 'A+' },
  ];

  it('counts only symbols the previous run did not have, topped by the best of them', () => {
    const event = newDiscoveryEvent('etf', ['VTI'], candidates, { at: AT });
    expect(event).toEqual({
      event: 'new_discovery',
      timestamp: '2026-03-02T06:00:00.000Z',
      data: {
        asset_type: 'etf',
        discoveries_count: 2,
        top_discovery: { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', score: 0.96, grade: 'A+' },
      },
    });
  });

  it('emits nothing when every A+ candidate was already there, or there are none', () => {
    expect(newDiscoveryEvent('etf', ['VTI', 'SCHD', 'VOO', 'QQQ'], candidates)).toBeUndefined();
    expect(newDiscoveryEvent('crypto', [], [])).toBeUndefined();
  });

  it('counts a symbol listed twice once and breaks score ties by symbol', () => {
    const tied = [
      { symbol: 'B', name: 'Bee', score: 0.96, grade: 'A+' },
      { symbol: 'A', name: 'Ay', score: 0.96, grade: 'A+' },
      { symbol: 'A', name: 'Ay', score: 0.96, grade: 'A+' },
    ];
    const event = newDiscoveryEvent('stock', new Set<string>(), tied, { at: AT });
    expect(event?.data.discoveries_count).toBe(2);
    expect(event?.data.top_discovery.symbol).toBe('A');
  });
});
