import fc from 'fast-check';
import {
  InconsistentPortfolioError,
  MAX_AMOUNT_USD,
  MAX_SHARES,
  planIntegration,
  proposeImprovements,
  SHARE_PRICE_LIMITS_USD,
  type IntegrationPlan,
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

const gain = fc.double({ min: -0.5, max: 0.5, noNaN: true });
const holdingArb = fc.oneof(
  fc
    .record({
      symbol: fc.constantFrom(...symbols),
      shares: fc.integer({ min: 1, max: 500 }),
      price: fc.double({ min: 1, max: 500, noNaN: true }),
      gain,
    })
    .map(({ price, ...h }) => ({ ...h, value: h.shares * price })),
  // Tiny and huge share counts (a fraction of a coin, a token supply): the price per share is
  // whatever value / shares gives, from 10^-9 to 10^18 USD.
  fc.record({
    symbol: fc.constantFrom(...symbols),
    shares: fc.oneof(
      fc.constantFrom(1e-12, 1e-9, 4e-7, 1.5e-6, 0.0001, MAX_SHARES),
      fc.double({ min: 1e-12, max: 1e-3, noNaN: true }),
      fc.double({ min: 1e6, max: MAX_SHARES, noNaN: true }),
    ),
    value: fc.double({ min: 1, max: 1e6, noNaN: true }),
    gain,
  }),
);

const requestArb: fc.Arbitrary<IntegrationRequest> = fc
  .record({
    holdings: fc.uniqueArray(holdingArb, { selector: (h) => h.symbol, maxLength: 4 }),
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
      current_value: h.value,
      cost_basis: h.value * (1 - h.gain),
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
  it('keeps cash non-negative, costs within budget, value conserved less costs, no trade under the threshold, shares consistent with values', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const plan = planIntegration(request, ctx);
        expect(inconsistentShares(request, plan)).toEqual([]);
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
    // Half the holdings get their share count from a price within the limits (and at most
    // MAX_SHARES), the others any count: most of those are priced outside the limits.
    const price = fc.oneof(
      fc.constantFrom(SHARE_PRICE_LIMITS_USD.min, SHARE_PRICE_LIMITS_USD.max, 1),
      fc.double({ min: SHARE_PRICE_LIMITS_USD.min, max: SHARE_PRICE_LIMITS_USD.max, noNaN: true }),
    );
    const extreme = fc
      .record({
        holdings: fc.uniqueArray(
          fc.record({
            symbol: fc.constantFrom(...symbols, 'UNKNOWN'),
            shares,
            price: fc.option(price, { nil: undefined }),
            weight,
            cost_basis: amount,
          }),
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
          holdings: holdings.map(({ weight: w, shares: n, price: p, ...h }) => {
            const current_value = share(w);
            const count = p === undefined ? n : Math.min(current_value / p, MAX_SHARES);
            return { ...h, current_value, shares: current_value > 0 ? Math.max(count, Number.MIN_VALUE) : 0 };
          }),
          cash: weights > 0 ? share(cashWeight) : rest.total_value,
        };
      });
    fc.assert(
      fc.property(extreme, (r) => {
        const request: IntegrationRequest = {
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
        };
        // A holding priced (current_value / shares) outside SHARE_PRICE_LIMITS_USD is refused,
        // naming its shares; every other portfolio gets a finite, consistent plan.
        const unpriceable = r.holdings.flatMap((h, i) => {
          const price = h.current_value / h.shares;
          return h.current_value > 0 && !(price >= SHARE_PRICE_LIMITS_USD.min && price <= SHARE_PRICE_LIMITS_USD.max)
            ? [`/current_portfolio/holdings/${i}/shares`]
            : [];
        });
        if (unpriceable.length > 0) {
          expect(() => planIntegration(request, ctx)).toThrow(InconsistentPortfolioError);
          try {
            planIntegration(request, ctx);
          } catch (error) {
            const errors = (error as InconsistentPortfolioError).failures.map((f) => f.path);
            expect(errors).toEqual(unpriceable);
          }
          return;
        }
        const plan = planIntegration(request, ctx);
        expect(notFinite(plan)).toEqual([]);
        expect(inconsistentShares(request, plan)).toEqual([]);
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

/**
 * Where shares and values of a plan disagree (docs/portfolio.md: no "sell 0 shares for
 * 90 000 USD"): a trade or a resulting holding with a value but no shares, and a share count
 * that is not its value at the symbol's price (a held symbol's current_value / shares, else the
 * market price) to within the rounding of both (six significant digits, a cent).
 */
function inconsistentShares(request: IntegrationRequest, plan: IntegrationPlan): string[] {
  const priceOf = (symbol: string): number => {
    const held = request.current_portfolio.holdings.find((h) => h.symbol.toUpperCase() === symbol.toUpperCase());
    if (held && held.current_value > 0) return held.current_value / held.shares;
    return ctx.instruments.get(symbol.toUpperCase())?.current_price ?? NaN;
  };
  const off = (shares: number, value: number, symbol: string): boolean =>
    !(Math.abs(shares * priceOf(symbol) - value) <= 1e-5 * value + 0.01);
  return [
    ...plan.trades.flatMap((t, i) =>
      !(t.shares > 0) || off(t.shares, t.amount, t.symbol)
        ? [`/trades/${i}: ${t.action} ${t.shares} ${t.symbol} for ${t.amount} USD`]
        : [],
    ),
    ...plan.resulting_portfolio.holdings.flatMap((h, i) =>
      h.current_value > 0 && (!(h.shares > 0) || off(h.shares, h.current_value, h.symbol))
        ? [`/resulting_portfolio/holdings/${i}: ${h.shares} ${h.symbol} worth ${h.current_value} USD`]
        : [],
    ),
  ];
}

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
