import fc from 'fast-check';
import { proposeImprovements } from '@disc/portfolio';
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
});
