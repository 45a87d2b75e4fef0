import { MarketDataError } from '@disc/types';
import { parseSnapshot, type SnapshotFile, type SnapshotIssue } from '@disc/market-data';
import { userSnapshot } from './testing/snapshot';

// 300 weekday closes from 2025-09-01 end on 2026-10-23, before as_of.
const snapshot = (): SnapshotFile => userSnapshot(['IRX', 'HLYH']);

/** The issues parseSnapshot reports for a snapshot (none when it is accepted). */
function issuesOf(s: SnapshotFile): SnapshotIssue[] {
  try {
    parseSnapshot(s, 'mine.json');
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(MarketDataError);
    return (error as MarketDataError).details.errors as SnapshotIssue[];
  }
}

const paths = (s: SnapshotFile) => issuesOf(s).map((issue) => issue.path);

describe('snapshot dates', () => {
  it('refuses a start that is not a date of the calendar, with its JSON path', () => {
    const s = snapshot();
    s.instruments[0]!.prices!.start = '2026-02-30';
    expect(() => parseSnapshot(s, 'mine.json')).toThrow(
      "Snapshot mine.json is invalid: /instruments/0/prices/start is not a date of the calendar ('2026-02-30')",
    );
    const t = snapshot();
    t.as_of = '2025-02-29';
    t.market.vix.start = '2025-13-01';
    t.market.cpi_yoy.start = '2026-00';
    t.instruments[1]!.prices = { start: '2025-09-01', dates: ['2025-09-01', '2025-09-31'], closes: [1, 2] };
    expect(paths(t)).toEqual(['/as_of', '/market/vix/start', '/instruments/1/prices/dates/1', '/market/cpi_yoy/start']);
  });

  it('refuses dates that are equal or descending, once per series', () => {
    const s = snapshot();
    s.instruments[0]!.prices = {
      start: '2024-01-01',
      dates: ['2024-01-01', '2024-01-01', '2024-01-01'],
      closes: [1, 2, 3],
    };
    s.instruments[1]!.prices = {
      start: '2025-10-07',
      dates: ['2025-10-07', '2025-10-06', '2025-10-03'],
      closes: [1, 2, 3],
    };
    expect(issuesOf(s)).toEqual([
      {
        path: '/instruments/0/prices/dates/1',
        message:
          "('2024-01-01') is not after the date before it ('2024-01-01'): dates must ascend strictly, oldest first",
      },
      {
        path: '/instruments/1/prices/dates/1',
        message:
          "('2025-10-06') is not after the date before it ('2025-10-07'): dates must ascend strictly, oldest first",
      },
    ]);
  });

  it('refuses closes dated after as_of, given or counted from start', () => {
    const s = snapshot();
    s.instruments[0]!.prices = { start: '2026-10-29', dates: ['2026-10-29', '2026-11-02'], closes: [1, 2] };
    s.instruments[1]!.prices!.start = '2025-09-09';
    s.market.benchmark.prices.start = '2026-03-02';
    s.market.cpi_yoy = { start: '2026-10', values: [0.03, 0.029] };
    expect(issuesOf(s)).toEqual([
      {
        path: '/market/benchmark/prices/start',
        message:
          "('2026-03-02') dates the last of 300 closes 2027-04-23, after as_of (2026-10-30): close i falls on the i-th weekday from start",
      },
      { path: '/instruments/0/prices/dates/1', message: "('2026-11-02') is after as_of (2026-10-30)" },
      {
        path: '/instruments/1/prices/start',
        message:
          "('2025-09-09') dates the last of 300 closes 2026-11-02, after as_of (2026-10-30): close i falls on the i-th weekday from start",
      },
      {
        path: '/market/cpi_yoy/values',
        message: 'has its last value in 2026-11, after the month of as_of (2026-10-30)',
      },
    ]);
    // Dates up to as_of itself are fine.
    const t = snapshot();
    t.instruments[0]!.prices = {
      start: '2024-02-29',
      dates: ['2024-02-29', '2024-03-01', '2026-10-30'],
      closes: [1, 2, 3],
    };
    t.instruments[1]!.prices!.start = '2025-09-08'; // the 300th weekday close falls on as_of
    t.market.cpi_yoy = { start: '2026-09', values: [0.03, 0.029] };
    expect(issuesOf(t)).toEqual([]);
  });
});

describe('snapshot closes', () => {
  it('refuses closes outside 1e-6 to 1e9, which no metric can be computed from', () => {
    const s = snapshot();
    s.instruments[1]!.prices!.closes = s.instruments[1]!.prices!.closes.map((_, i) => (i % 2 === 0 ? 1e-300 : 1e300));
    s.market.benchmark.prices.closes[3] = 2e9;
    expect(() => parseSnapshot(s, 'mine.json')).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ error_count: 301 }) }) as Error,
    );
    const issues = issuesOf(s);
    expect(issues[0]).toEqual({
      path: '/market/benchmark/prices/closes/3',
      message: 'must be <= 1000000000',
      expected: 'a close in the currency of the series, 1e-6 to 1e9',
    });
    expect(issues.slice(1, 3)).toEqual([
      {
        path: '/instruments/1/prices/closes/0',
        message: 'must be >= 0.000001',
        expected: 'a close in the currency of the series, 1e-6 to 1e9',
      },
      {
        path: '/instruments/1/prices/closes/1',
        message: 'must be <= 1000000000',
        expected: 'a close in the currency of the series, 1e-6 to 1e9',
      },
    ]);
    const t = snapshot();
    t.instruments[1]!.prices!.closes = t.instruments[1]!.prices!.closes.map((_, i) => (i % 2 === 0 ? 1e-6 : 1e9));
    expect(issuesOf(t)).toEqual([]);
  });
});
