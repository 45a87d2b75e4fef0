import fc from 'fast-check';
import { businessDateAt } from './calendar';
import { computeMetrics } from './metrics';
import { betaTo, indexBenchmark } from './metrics-beta';
import { annualisedVolatility, maxDrawdown, trailingReturn } from './metrics-returns';
import { movingAverageTrend, rsi } from './metrics-technical';
import { logReturns } from './price-series';

describe('price metrics, reference vectors', () => {
  it('max drawdown is the largest peak-to-trough fall', () => {
    expect(maxDrawdown([100, 120, 90, 130, 65, 140])).toBeCloseTo(0.5, 12);
    expect(maxDrawdown([1, 2, 3])).toBe(0);
  });

  it('trailing return needs one more close than its window', () => {
    expect(trailingReturn([100, 110, 121], 2)).toBeCloseTo(0.21, 12);
    expect(trailingReturn([100, 110], 2)).toBeNull();
  });

  it('volatility of alternating ±1 % log returns is 1 % × sqrt(252) × sqrt(n/(n−1))', () => {
    const r = Float64Array.from({ length: 252 }, (_, i) => (i % 2 === 0 ? 0.01 : -0.01));
    expect(annualisedVolatility(r, 252)).toBeCloseTo(0.01 * Math.sqrt(252) * Math.sqrt(252 / 251), 12);
    expect(annualisedVolatility(r.subarray(0, 10), 252)).toBeNull();
  });

  it('RSI is 100 for a series that only rises and 0 for one that only falls', () => {
    const up = Array.from({ length: 30 }, (_, i) => 100 + i);
    expect(rsi(up)).toBe(100);
    expect(rsi(up.slice().reverse())).toBe(0);
    // Equal gains and losses: Wilder's smoothing oscillates around 50.
    const flat = rsi(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 100 : 101)))!;
    expect(Math.abs(flat - 50)).toBeLessThan(5);
  });

  it('moving-average trend compares the 50-day to the 200-day mean', () => {
    const closes = [...Array.from({ length: 150 }, () => 100), ...Array.from({ length: 50 }, () => 110)];
    expect(movingAverageTrend(closes)).toBeCloseTo(110 / 102.5 - 1, 12);
  });

  it('beta recovers the multiplier of a series built from its benchmark', () => {
    const bench = { start: '2024-01-01', closes: [100] };
    const inst = { start: '2024-01-01', closes: [50] };
    for (let i = 1; i < 300; i++) {
      const r = Math.sin(i * 1.7) * 0.01;
      bench.closes.push(bench.closes[i - 1]! * Math.exp(r));
      inst.closes.push(inst.closes[i - 1]! * Math.exp(1.5 * r));
    }
    expect(betaTo(inst, indexBenchmark(bench))).toBeCloseTo(1.5, 10);
  });

  it('beta aligns series that start on different days', () => {
    const bench = { start: '2024-01-01', closes: [100] };
    for (let i = 1; i < 400; i++) bench.closes.push(bench.closes[i - 1]! * Math.exp(Math.cos(i * 2.3) * 0.01));
    // The instrument starts 100 business days later and moves 2x the benchmark.
    const inst = { start: businessDateAt('2024-01-01', 100), closes: [10] };
    for (let i = 101; i < 400; i++)
      inst.closes.push(inst.closes[inst.closes.length - 1]! * (bench.closes[i]! / bench.closes[i - 1]!) ** 2);
    expect(computeMetrics(inst, bench).beta).toBeCloseTo(2, 10);
  });

  it('leaves metrics null when the history is too short', () => {
    const m = computeMetrics({ start: '2025-01-01', closes: [1, 2, 3] });
    expect(m.return_1y).toBeNull();
    expect(m.volatility).toBeNull();
    expect(m.ma_trend).toBeNull();
    expect(m.max_drawdown).toBe(0);
    expect(m.observations).toBe(3);
  });

  it('business-day calendar skips weekends', () => {
    expect(businessDateAt('2026-11-20', 1)).toBe('2026-11-23'); // Friday + 1 = Monday
    expect(businessDateAt('2026-11-23', 5)).toBe('2026-11-30');
  });

  it('property: drawdown in 0..1, volatility ≥ 0, RSI in 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 30, maxLength: 300 }),
        (closes) => {
          const dd = maxDrawdown(closes)!;
          expect(dd).toBeGreaterThanOrEqual(0);
          expect(dd).toBeLessThan(1);
          expect(annualisedVolatility(logReturns(closes), 252)!).toBeGreaterThanOrEqual(0);
          const r = rsi(closes)!;
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
