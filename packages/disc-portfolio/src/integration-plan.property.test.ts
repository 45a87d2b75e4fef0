import fc from 'fast-check';
import {
  MAX_AMOUNT_USD,
  MAX_SHARES,
  planIntegration,
  proposeImprovements,
  type IntegrationRequest,
} from '@disc/portfolio';
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
    // Each symbol at most once: a repeated one is refused (DuplicateSymbolError).
    discoveries: fc.uniqueArray(
      fc.record({
        symbol: fc.constantFrom(...symbols, 'UNKNOWN'),
        recommended_allocation: fc.double({ min: 0, max: 0.6, noNaN: true }),
        replacement_for: fc.option(fc.constantFrom(...symbols), { nil: undefined }),
      }),
      { selector: (d) => d.symbol, maxLength: 4 },
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

  it('gives finite numbers for every amount up to MAX_AMOUNT_USD and share count up to MAX_SHARES', () => {
    const amount = fc.oneof(
      fc.constantFrom(0, Number.MIN_VALUE, MAX_AMOUNT_USD),
      fc.double({ min: 0, max: MAX_AMOUNT_USD, noNaN: true }),
    );
    const shares = fc.oneof(
      fc.constantFrom(0, Number.MIN_VALUE, MAX_SHARES),
      fc.double({ min: 0, max: MAX_SHARES, noNaN: true }),
    );
    // Consistent portfolios only (planIntegration refuses the others): total_value is split
    // between the holdings and cash by random weights, and a holding with a value has shares.
    const weight = fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }));
    const extreme = fc
      .record({
        holdings: fc.uniqueArray(
          fc.record({ symbol: fc.constantFrom(...symbols, 'UNKNOWN'), shares, weight, cost_basis: amount }),
          { selector: (h) => h.symbol, maxLength: 4 },
        ),
        cashWeight: weight,
        total_value: amount,
        discoveries: fc.uniqueArray(
          fc.record({
            symbol: fc.constantFrom(...symbols, 'UNKNOWN'),
            recommended_allocation: fc.double({ min: 0, max: 1, noNaN: true }),
            replacement_for: fc.option(fc.constantFrom(...symbols), { nil: undefined }),
          }),
          { selector: (d) => d.symbol, maxLength: 4 },
        ),
        max_transaction_cost: fc.option(amount, { nil: undefined }),
        tax_loss_harvesting: fc.boolean(),
      })
      .map(({ holdings, cashWeight, ...rest }) => {
        const weights = holdings.reduce((sum, h) => sum + h.weight, cashWeight);
        const share = (w: number): number => (weights > 0 ? rest.total_value * (w / weights) : 0);
        return {
          ...rest,
          holdings: holdings.map(({ weight: w, shares: n, ...h }) => {
            const current_value = share(w);
            return { ...h, current_value, shares: current_value > 0 ? Math.max(n, Number.MIN_VALUE) : 0 };
          }),
          cash: weights > 0 ? share(cashWeight) : rest.total_value,
        };
      });
    fc.assert(
      fc.property(extreme, (r) => {
        const plan = planIntegration(
          {
            current_portfolio: { holdings: r.holdings, cash: r.cash, total_value: r.total_value },
            discoveries: r.discoveries.map((d) => ({
              symbol: d.symbol,
              recommended_allocation: d.recommended_allocation,
              ...(d.replacement_for === undefined ? {} : { replacement_for: d.replacement_for }),
            })),
            constraints: {
              tax_loss_harvesting: r.tax_loss_harvesting,
              ...(r.max_transaction_cost === undefined ? {} : { max_transaction_cost: r.max_transaction_cost }),
            },
          },
          ctx,
        );
        expect(notFinite(plan)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
    for (const portfolioValue of [Number.MIN_VALUE, MAX_AMOUNT_USD]) {
      const proposals = proposeImprovements({
        holdings: [
          { symbol: 'E1', allocation: 0.5, instrument: market[0]!, final_score: 0.5 },
          { symbol: 'S1', allocation: 0.5, instrument: market[3]!, final_score: 0.6 },
        ],
        candidates: [{ analysis: analysis(market[1]!, 0.96), instrument: market[1]! }],
        portfolioValue,
      });
      expect(proposals.length).toBeGreaterThan(0);
      expect(notFinite(proposals)).toEqual([]);
    }
  });
});

/** Paths of the numbers that are not finite (JSON would send them as null), and of messages
 * that print one. */
function notFinite(value: unknown, at = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${at} = ${value}`];
  if (typeof value === 'string') return /Infinity|NaN/.test(value) ? [`${at}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => notFinite(item, `${at}/${i}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => notFinite(item, `${at}/${key}`));
  return [];
}
