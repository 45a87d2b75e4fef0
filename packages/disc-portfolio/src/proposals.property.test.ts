import fc from 'fast-check';
import { proposeImprovements } from '@disc/portfolio';
import { normaliseWeights } from './holdings';
import { analysis, etf, instrument } from './test-fixtures';

const closesArb = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 30 });
const categoryArb = fc.constantFrom('US Large Cap', 'Aggregate Bond', 'Commodities');

describe('proposeImprovements invariants', () => {
  it('proposes only upgrades, one per holding, with finite figures and a priority of 1–5', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            er: fc.double({ min: 0, max: 1, noNaN: true }),
            score: fc.double({ min: 0, max: 1, noNaN: true }),
            closes: closesArb,
            category: categoryArb,
            weight: fc.double({ min: 0, max: 100, noNaN: true }),
          }),
          { maxLength: 5 },
        ),
        fc.array(
          fc.record({
            er: fc.double({ min: 0, max: 1, noNaN: true }),
            score: fc.double({ min: 0, max: 1, noNaN: true }),
            closes: closesArb,
            category: categoryArb,
            crypto: fc.boolean(),
          }),
          { maxLength: 5 },
        ),
        fc.option(fc.record({ stocks: fc.nat(10), bonds: fc.nat(10), alternatives: fc.nat(10) }), { nil: undefined }),
        (held, found, target) => {
          const holdings = held.map((h, i) => {
            const inst = etf(`H${i}`, h.er, h.closes, h.category);
            return { symbol: inst.symbol, allocation: h.weight, instrument: inst, final_score: h.score };
          });
          const candidates = found.map((c, i) => {
            const inst = c.crypto ? instrument(`C${i}`, 'crypto', c.closes) : etf(`C${i}`, c.er, c.closes, c.category);
            return { analysis: analysis(inst, c.score), instrument: inst };
          });
          const out = proposeImprovements({ holdings, candidates, ...(target ? { targetAllocation: target } : {}) });
          const replaced = out.filter((p) => p.current_holding !== null).map((p) => p.current_holding);
          expect(new Set(replaced).size).toBe(replaced.length);
          for (const p of out) {
            expect([1, 2, 3, 4, 5]).toContain(p.implementation_priority);
            const numbers = [
              p.expected_grade_improvement,
              ...Object.values(p.risk_impact),
              ...Object.values(p.cost_analysis),
            ];
            expect(numbers.every(Number.isFinite)).toBe(true);
            expect(p.cost_analysis.transaction_costs).toBeGreaterThanOrEqual(0);
            if (p.current_holding !== null) expect(p.expected_grade_improvement).toBeGreaterThan(0);
          }
          const priorities = out.map((p) => p.implementation_priority);
          expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same proposals when every weight is scaled by one positive factor within double range', () => {
    // Relative weights are normalised by their sum; a sum that overflows (two of 1e308) must not
    // turn every weight into 0 (docs/portfolio.md).
    const MIN_NORMAL = 2.2250738585072014e-308;
    const weight = fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 100, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            er: fc.double({ min: 0, max: 1, noNaN: true }),
            score: fc.double({ min: 0, max: 1, noNaN: true }),
            closes: closesArb,
            category: categoryArb,
            weight,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(
          fc.record({
            er: fc.double({ min: 0, max: 1, noNaN: true }),
            score: fc.double({ min: 0, max: 1, noNaN: true }),
            closes: closesArb,
            category: categoryArb,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.option(fc.record({ stocks: weight, bonds: weight, alternatives: weight }), { nil: undefined }),
        // log2 of the factor, over the whole range and often at its top; clamped so that every
        // scaled weight stays a finite (the largest one just under Number.MAX_VALUE, so their
        // sum overflows), normal double.
        fc.oneof(fc.constant(Infinity), fc.double({ min: -1100, max: 1100, noNaN: true })),
        (held, found, target, log2) => {
          const weights = [...held.map((h) => h.weight), ...Object.values(target ?? {})].filter((w) => w > 0);
          const top = Math.max(1, ...weights);
          const bottom = Math.min(1, ...weights);
          const highest = (Number.MAX_VALUE / top) * (1 - 2 ** -50);
          const factor = Math.min(Math.max(2 ** log2, MIN_NORMAL / bottom), highest);
          const scale = (w: number): number => w * factor;
          const candidates = found.map((c, i) => {
            const inst = etf(`C${i}`, c.er, c.closes, c.category);
            return { analysis: analysis(inst, c.score), instrument: inst };
          });
          const run = (f: (w: number) => number) =>
            proposeImprovements({
              holdings: held.map((h, i) => {
                const inst = etf(`H${i}`, h.er, h.closes, h.category);
                return { symbol: inst.symbol, allocation: f(h.weight), instrument: inst, final_score: h.score };
              }),
              candidates,
              ...(target
                ? {
                    targetAllocation: {
                      stocks: f(target.stocks),
                      bonds: f(target.bonds),
                      alternatives: f(target.alternatives),
                    },
                  }
                : {}),
            });
          expect(run(scale)).toEqual(run((w) => w));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('normalises weights whose sum overflows like the same weights scaled down', () => {
    expect(normaliseWeights([1e308, 1e308])).toEqual([0.5, 0.5]);
    expect(normaliseWeights([Number.MAX_VALUE, 0, Number.MAX_VALUE / 2])).toEqual([2 / 3, 0, 1 / 3]);
    const [a, b, c] = normaliseWeights([2 ** 1023, 3 * 2 ** 1022, 0]);
    expect([a, c]).toEqual([expect.closeTo(0.4, 15), 0]);
    expect(b).toBeCloseTo(0.6, 15);
  });
});
