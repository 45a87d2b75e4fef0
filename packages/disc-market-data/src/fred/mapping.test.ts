import { ShapeError } from '../shape';
import { inflationYoY, mapObservations, vixSeries, yieldSeries } from './mapping';

const obs = (rows: [string, string][]) => ({
  observations: rows.map(([date, value]) => ({
    realtime_start: '2026-11-21',
    realtime_end: '2026-11-21',
    date,
    value,
  })),
});

describe('FRED mapping', () => {
  it('parses string values and drops "." (missing) observations', () => {
    expect(
      mapObservations(
        obs([
          ['2025-12-24', '16.20'],
          ['2025-12-25', '.'],
          ['2025-12-26', '15.98'],
        ]),
      ),
    ).toEqual([
      ['2025-12-24', 16.2],
      ['2025-12-26', 15.98],
    ]);
  });

  it('rejects a value that is neither a number nor "."', () => {
    expect(() => mapObservations(obs([['2025-12-24', 'n/a']]))).toThrow(
      new ShapeError('MALFORMED', "$.observations[0].value 'n/a' is not a number"),
    );
  });

  it('keeps VIX in index points and turns DGS10 percent into a fraction', () => {
    const rows: [string, number][] = [
      ['2026-11-19', 4.25],
      ['2026-11-20', 4.31],
    ];
    expect(
      vixSeries([
        ['2026-11-19', 16.2],
        ['2026-11-20', 17.05],
      ]).closes,
    ).toEqual([16.2, 17.05]);
    expect(yieldSeries(rows)).toEqual({
      start: '2026-11-19',
      dates: ['2026-11-19', '2026-11-20'],
      closes: [0.0425, 0.0431],
    });
  });

  it('turns the monthly CPI index into year-over-year inflation fractions', () => {
    const rows: [string, number][] = [];
    for (let m = 1; m <= 12; m++) rows.push([`2025-${String(m).padStart(2, '0')}-01`, 300]);
    rows.push(['2026-01-01', 309], ['2026-02-01', 309.3]);
    expect(inflationYoY(rows)).toEqual({ start: '2026-01', values: [0.03, 0.031] });
  });

  it('needs twelve months of earlier index values', () => {
    expect(() =>
      inflationYoY([
        ['2026-01-01', 300],
        ['2026-02-01', 301],
      ]),
    ).toThrow(/no month has the index of 12 months earlier/);
  });
});
