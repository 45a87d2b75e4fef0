import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeMetrics } from '@disc/scoring';

// Daily S&P 500 closes shipped by the vega-datasets npm package (2000-01-03 .. 2020-04-17).
// Expected values come from scripts/sp500-reference.py, an independent standard-library
// Python implementation of the same definitions.
const csv = readFileSync(join(__dirname, '..', 'node_modules', 'vega-datasets', 'data', 'sp500-2000.csv'), 'utf8');
const rows = csv
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const cells = line.split(',');
    return { date: cells[0] as string, close: Number(cells[4]) };
  });

function seriesUpTo(cut: string): { start: string; dates: string[]; closes: number[] } {
  const kept = rows.filter((r) => r.date <= cut);
  return { start: kept[0]!.date, dates: kept.map((r) => r.date), closes: kept.map((r) => r.close) };
}

const REFERENCE = {
  '2008-12-31': {
    return_1y: -0.37584650019432475,
    return_3y: -0.10369670057570157,
    volatility: 0.41081949546478436,
    volatility_90d: 0.6259367207832586,
    max_drawdown: 0.519253751741309,
    momentum_6m: -0.2839986796246008,
    ma_trend: -0.2509882189024124,
    rsi_14: 53.7335497834868,
  },
  '2020-04-17': {
    return_1y: -0.008926164021921479,
    return_3y: 0.0696183374192616,
    volatility: 0.32106894145946807,
    volatility_90d: 0.5101978516136466,
    max_drawdown: 0.5677538775030553,
    momentum_6m: -0.03850897058625791,
    ma_trend: -0.049657273763234255,
    rsi_14: 57.362695992263596,
  },
} as const;

describe('metrics on the real S&P 500 daily series', () => {
  it('has the whole series', () => {
    expect(rows).toHaveLength(5105);
  });

  for (const [cut, expected] of Object.entries(REFERENCE)) {
    it(`matches the independent computation up to ${cut}`, () => {
      const m = computeMetrics(seriesUpTo(cut), null, { riskFree: 0.02 });
      for (const [key, value] of Object.entries(expected)) {
        expect({ key, value: m[key as keyof typeof m] }).toEqual({ key, value: expect.closeTo(value, 9) });
      }
      expect(m.momentum_12m).toBeCloseTo(expected.return_1y, 12);
      expect(m.sharpe).toBeCloseTo((expected.return_1y - 0.02) / expected.volatility, 9);
    });
  }

  it('gives the index a beta of 1 to itself', () => {
    const s = seriesUpTo('2020-04-17');
    expect(computeMetrics(s, s).beta).toBeCloseTo(1, 12);
  });
});
