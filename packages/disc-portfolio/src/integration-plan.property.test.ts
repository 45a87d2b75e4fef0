import fc from 'fast-check';
import { planIntegration, type IntegrationRequest } from '@disc/portfolio';
import type { Instrument } from '@disc/types';
import { analysis, etf, instrument } from './test-fixtures';

// A market of six symbols; portfolios and requests are drawn over it.
const market: Instrument[] = [
  etf('E1', 0.4, [100, 101, 99, 102]),
  etf('E2', 0.05, [50, 51, 52, 51]),
  etf('E3', 0.1, [20, 20.5, 20.2, 20.8]),
  instrument('S1', 'stock', [10, 11, 9, 12]),
  instrument('S2', 'stock', [200, 190, 210, 205]),
  instrument('C1', 'crypto', [3000, 3300, 2900, 3100]),
];
const symbols = market.map((m) => m.symbol);
const ctx = {
  plan_id: 'p',
  generated_at: '2026-01-01T00:00:00.000Z',
  instruments: new Map(market.map((m) => [m.symbol, m])),
  analyses: new Map(market.map((m, i) => [m.symbol, analysis(m, 0.5 + i * 0.08)])),
};

const requestArb: fc.Arbitrary<IntegrationRequest> = fc
  .record({
    holdings: fc.uniqueArray(
      fc.record({
        symbol: fc.constantFrom(...symbols),
        shares: fc.integer({ min: 1, max: 500 }),
        price: fc.double({ min: 1, max: 500, noNaN: true }),
        gain: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
      }),
      { selector: (h) => h.symbol, maxLength: 4 },
    ),
    cash: fc.double({ min: 0, max: 50_000, noNaN: true }),
    discoveries: fc.array(
      fc.record({
        symbol: fc.constantFrom(...symbols, 'UNKNOWN'),
        recommended_allocation: fc.double({ min: 0, max: 0.6, noNaN: true }),
        replacement_for: fc.option(fc.constantFrom(...symbols), { nil: undefined }),
      }),
      { maxLength: 4 },
    ),
    constraints: fc.record({
      max_transaction_cost_fraction: fc.option(fc.double({ min: 0, max: 0.01, noNaN: true }), { nil: undefined }),
      rebalancing_threshold: fc.option(fc.double({ min: 0, max: 0.1, noNaN: true }), { nil: undefined }),
      tax_loss_harvesting: fc.boolean(),
    }),
  })
  .map(({ holdings, cash, discoveries, constraints }) => {
    const hs = holdings.map((h) => ({
      symbol: h.symbol,
      shares: h.shares,
      current_value: h.shares * h.price,
      cost_basis: h.shares * h.price * (1 - h.gain),
    }));
    const total = hs.reduce((s, h) => s + h.current_value, 0) + cash;
    const request: IntegrationRequest = {
      current_portfolio: { holdings: hs, cash, total_value: total },
      discoveries: discoveries.map((d) => ({
        symbol: d.symbol,
        recommended_allocation: d.recommended_allocation,
        ...(d.replacement_for ? { replacement_for: d.replacement_for } : {}),
      })),
      constraints: JSON.parse(JSON.stringify(constraints)) as NonNullable<IntegrationRequest['constraints']>,
    };
    return request;
  });

describe('planIntegration invariants', () => {
  it('keeps cash non-negative, costs within budget, value conserved less costs, no trade under the threshold', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const plan = planIntegration(request, ctx);
        const pf = request.current_portfolio;
        const total = pf.total_value;
        const cents = 0.01 * (pf.holdings.length + plan.trades.length + 2);
        expect(plan.resulting_portfolio.cash).toBeGreaterThanOrEqual(-0.01);
        const budget = request.constraints?.max_transaction_cost_fraction;
        if (budget !== undefined) expect(plan.estimated_transaction_costs).toBeLessThanOrEqual(budget * total + 0.01);
        expect(plan.resulting_portfolio.total_value).toBeCloseTo(
          total - plan.estimated_transaction_costs,
          -Math.log10(cents),
        );
        const threshold = (request.constraints?.rebalancing_threshold ?? 0) * total;
        // Selling a replaced holding is a full exit, whatever its size; every other trade clears the threshold.
        for (const t of plan.trades.filter((x) => x.replacement_for !== x.symbol))
          expect(t.amount).toBeGreaterThanOrEqual(threshold - 0.01);
        expect(plan.within_constraints).toBe(plan.constraint_violations.length === 0);
        const held = new Set(pf.holdings.map((h) => h.symbol));
        for (const t of plan.trades.filter((x) => x.action === 'sell')) expect(held.has(t.symbol)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
