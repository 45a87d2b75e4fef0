import fc from 'fast-check';
import { instrument } from '@fin/test-utils';
import type { Instrument, PriceMetrics, PriceSeries } from '@disc/types';
import { analyseDetailed, computeMetrics, movingAverageSeries, scoreBreakdown, scoreInstrument } from './index';
import { finiteRatio, logRatio } from './finite';

// Finite, positive inputs must never make scoring fail (ScoringError is for non-finite
// inputs): a quotient beyond the double range is the extreme it is (docs/scoring.md).

const FUND = { expense_ratio: 0.1, aum: 1e10, tracking_error: 0.001, history_years: 10, category: 'US Equity' };
const alternating = (n: number, lo: number, hi: number): number[] =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? lo : hi));

function etfWith(closes: number[]): Instrument {
  return instrument<Instrument>('GUEI', 'etf', { start: '2023-01-02', closes }, { etf: FUND });
}

/** Members of the metrics that are neither a finite number nor null. */
function badMetrics(m: PriceMetrics): string[] {
  return Object.entries(m).flatMap(([key, v]) =>
    v === null || (typeof v === 'number' && Number.isFinite(v)) ? [] : [`${key} = ${String(v)}`],
  );
}

const benchmark: PriceSeries = { start: '2023-01-02', closes: Array.from({ length: 800 }, (_, i) => 100 + (i % 7)) };

describe('scoring with extreme but finite prices', () => {
  it.each([
    ['alternating 1e-300 / 1e300', alternating(800, 1e-300, 1e300)],
    ['alternating the smallest / the largest double', alternating(800, Number.MIN_VALUE, Number.MAX_VALUE)],
    ['all at the largest double', Array<number>(800).fill(Number.MAX_VALUE)],
    ['rising tenfold a day from 1e-300 to 1e299', Array.from({ length: 800 }, (_, i) => 10 ** ((i % 600) - 300))],
  ])('scores closes %s instead of throwing ScoringError', (_name, closes) => {
    const metrics = computeMetrics(etfWith(closes).prices!, benchmark, { riskFree: 0.04 });
    expect(badMetrics(metrics)).toEqual([]);
    const { analysis } = analyseDetailed(etfWith(closes), metrics);
    expect(analysis.final_score).toBeGreaterThanOrEqual(0);
    expect(analysis.final_score).toBeLessThanOrEqual(1);
    expect(analysis.rationale.join(' ')).not.toMatch(/NaN|Infinity/);
  });

  it('gives the alternating 1e-300 / 1e300 series its real volatility and a full drawdown', () => {
    const m = computeMetrics(etfWith(alternating(800, 1e-300, 1e300)).prices!);
    // ln(1e600) per day, alternating in sign: sd = 1381.55 × sqrt(252/251) per day, × sqrt(252).
    expect(m.volatility).toBeCloseTo(600 * Math.LN10 * Math.sqrt(252 / 251) * Math.sqrt(252), 6);
    expect(m.max_drawdown).toBe(1);
    expect(m.return_1y).toBe(0);
  });

  it('clamps a return beyond the double range to Number.MAX_VALUE and scores it as the extreme', () => {
    const closes = [...Array<number>(560).fill(1e-300), ...Array<number>(240).fill(1e300)];
    const m = computeMetrics(etfWith(closes).prices!);
    expect(m.return_1y).toBe(Number.MAX_VALUE);
    expect(m.momentum_12m).toBe(Number.MAX_VALUE);
    expect(badMetrics(m)).toEqual([]);
    const a = scoreInstrument(etfWith(closes));
    expect(a.rationale.join(' ')).toMatch(/12-month momentum 1\.8e\+310 % → 1\.00/);
  });

  it('keeps every metric finite or null, and scores, for any positive finite closes', () => {
    const close = fc.oneof(
      fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }),
      fc.constantFrom(Number.MIN_VALUE, Number.MAX_VALUE, 1e-300, 1e300),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(close, { minLength: 2, maxLength: 300 }),
          fc.array(close, { minLength: 253, maxLength: 300 }),
        ),
        (closes) => {
          const inst = etfWith(closes);
          const metrics = computeMetrics(inst.prices!, benchmark, { riskFree: 0.04 });
          expect(badMetrics(metrics)).toEqual([]);
          const analysis = scoreInstrument(inst, { metrics });
          expect(analysis.rationale.join(' ')).not.toMatch(/NaN|Infinity/);
          for (const v of movingAverageSeries(closes, 50)) if (v !== null) expect(Number.isFinite(v)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the moving-average series finite for closes near the top of the double range', () => {
    const series = movingAverageSeries(Array<number>(60).fill(Number.MAX_VALUE), 50);
    expect(series[49]).toBeCloseTo(Number.MAX_VALUE, -300);
    expect(series.slice(49).every((v) => v !== null && Number.isFinite(v))).toBe(true);
  });
});

describe('free-cash-flow yield beyond the double range', () => {
  const stock = (free_cash_flow: number, market_cap: number): Instrument =>
    instrument<Instrument>('ACME', 'stock', undefined, {
      market_cap,
      stock: { roe: 0.2, revenue_growth_5y: 0.1, profit_margin: 0.1, debt_to_equity: 0.5, free_cash_flow },
    });
  const emptyMetrics = computeMetrics({ start: '2024-01-01', closes: [1] });

  it.each([
    [1e9, 1e-300, Number.MAX_VALUE, 1],
    [1e308, Number.MIN_VALUE, Number.MAX_VALUE, 1],
    [-1e9, 1e-300, -Number.MAX_VALUE, 0],
  ])('free cash flow %p over a market cap of %p is clamped to %p (sub-score %p)', (fcf, cap, value, score) => {
    const b = scoreBreakdown(stock(fcf, cap), emptyMetrics);
    const sub = b.components.quality.sub_scores.find((s) => s.key === 'fcf_yield');
    expect(sub).toMatchObject({ value, score });
    expect(() => scoreInstrument(stock(fcf, cap))).not.toThrow();
    // In range the yield is exact; a market cap of 0 leaves it missing.
    expect(scoreBreakdown(stock(fcf / 1e300, 1e-1), emptyMetrics).components.quality.sub_scores).toContainEqual(
      expect.objectContaining({ key: 'fcf_yield', value: fcf / 1e300 / 1e-1 }),
    );
    expect(scoreBreakdown(stock(fcf, 0), emptyMetrics).components.quality.missing).toContain('fcf_yield');
  });
});

describe('finite helpers', () => {
  it('finiteRatio clamps overflow only for finite inputs', () => {
    expect(finiteRatio(1e300, 1e-300)).toBe(Number.MAX_VALUE);
    expect(finiteRatio(-1e300, 1e-300)).toBe(-Number.MAX_VALUE);
    expect(finiteRatio(Infinity, 1)).toBe(Infinity);
    expect(finiteRatio(1, 0)).toBe(Infinity);
    expect(finiteRatio(6, 3)).toBe(2);
    expect(finiteRatio(1e9, 1e11)).toBe(0.01);
  });

  it('logRatio is ln(a / b) without overflow', () => {
    expect(logRatio(1e300, 1e-300)).toBeCloseTo(600 * Math.LN10, 9);
    expect(logRatio(1e-300, 1e300)).toBeCloseTo(-600 * Math.LN10, 9);
    expect(logRatio(110, 100)).toBe(Math.log(1.1));
  });
});
