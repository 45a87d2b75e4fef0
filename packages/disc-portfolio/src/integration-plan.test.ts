import { DiscoveryValidationError } from '@disc/types';
import {
  DuplicateSymbolError,
  InconsistentPortfolioError,
  planIntegration,
  type IntegrationRequest,
} from '@disc/portfolio';
import type { Instrument } from '@disc/types';
import { analysis, etf, instrument } from './test-fixtures';

// A 20 000 USD portfolio: OLD (ETF, 10 000, bought for 12 000), KEEP (stock, 5 000, bought
// for 4 000), LOSER (stock, 2 000, bought for 3 000) and 3 000 cash.
const known: Instrument[] = [
  etf('OLD', 0.4, [100, 100, 100]),
  instrument('KEEP', 'stock', [100, 100, 100]),
  instrument('LOSER', 'stock', [200, 200, 200]),
  etf('NEW', 0.03, [50, 50, 50]),
  instrument('NSTK', 'stock', [100, 100, 100]),
];
const ctx = {
  plan_id: 'plan-1',
  generated_at: '2026-01-02T00:00:00.000Z',
  instruments: new Map(known.map((i) => [i.symbol, i])),
  analyses: new Map([
    ['NEW', analysis(known[3]!, 0.96)],
    ['OLD', analysis(known[0]!, 0.7)],
    ['NSTK', analysis(known[4]!, 0.95)],
  ]),
};
function request(
  constraints: IntegrationRequest['constraints'],
  discoveries: IntegrationRequest['discoveries'] = [
    { symbol: 'NEW', recommended_allocation: 0.5, replacement_for: 'OLD' },
    { symbol: 'NSTK', recommended_allocation: 0.1 },
  ],
): IntegrationRequest {
  return {
    current_portfolio: {
      holdings: [
        { symbol: 'OLD', shares: 100, current_value: 10_000, cost_basis: 12_000 },
        { symbol: 'KEEP', shares: 50, current_value: 5_000, cost_basis: 4_000 },
        { symbol: 'LOSER', shares: 10, current_value: 2_000, cost_basis: 3_000 },
      ],
      cash: 3_000,
      total_value: 20_000,
    },
    discoveries,
    ...(constraints ? { constraints } : {}),
  };
}

describe('planIntegration', () => {
  it('replaces, buys and harvests losses within the cost budget (hand-computed)', () => {
    const plan = planIntegration(
      request({ max_transaction_cost_fraction: 0.01, tax_loss_harvesting: true, rebalancing_threshold: 0.02 }),
      ctx,
    );
    expect(plan.trades.map((t) => [t.action, t.symbol, t.shares, t.amount, t.replacement_for])).toEqual([
      ['sell', 'OLD', 100, 10_000, 'OLD'],
      ['sell', 'LOSER', 10, 2_000, null],
      ['buy', 'NEW', 200, 10_000, 'OLD'],
      ['buy', 'NSTK', 40, 4_000, null], // 2 000 to reach 10 % plus the 2 000 harvested from LOSER
    ]);
    // Costs: OLD 1 + 2 bps × 10 000 = 3; LOSER 1 + 5 bps × 2 000 = 2; NEW 3; NSTK 1 + 5 bps × 4 000 = 3.
    expect(plan.estimated_transaction_costs).toBe(11);
    expect(plan.resulting_portfolio).toEqual({
      holdings: [
        { symbol: 'KEEP', shares: 50, current_value: 5_000 },
        { symbol: 'NEW', shares: 200, current_value: 10_000 },
        { symbol: 'NSTK', shares: 40, current_value: 4_000 },
      ],
      cash: 989,
      total_value: 19_989,
    });
    expect(plan.within_constraints).toBe(true);
    expect(plan.constraint_violations).toEqual([]);
    expect(plan.trades[1]?.reason).toMatch(/loss of 1000 USD/);
    expect(plan.improvements.map((i) => i.current_holding)).toEqual(['OLD', null]);
    expect(plan.plan_id).toBe('plan-1');
  });

  it('does not sell positions at a loss unless asked', () => {
    const plan = planIntegration(request({ tax_loss_harvesting: false }), ctx);
    expect(plan.trades.map((t) => t.symbol)).toEqual(['OLD', 'NEW', 'NSTK']);
    expect(plan.trades[2]?.amount).toBe(2_000);
  });

  it('defers the groups the transaction-cost budget cannot pay for', () => {
    // Budget 0.04 % of 20 000 = 8 USD: the OLD→NEW group (6 USD, harvests 2 000) goes first;
    // the NSTK group (5 USD) would reach 11.
    const plan = planIntegration(request({ max_transaction_cost_fraction: 0.0004, tax_loss_harvesting: true }), ctx);
    expect(plan.trades.map((t) => t.symbol)).toEqual(['OLD', 'NEW']);
    expect(plan.estimated_transaction_costs).toBe(6);
    expect(plan.within_constraints).toBe(false);
    expect(plan.constraint_violations).toEqual([
      expect.objectContaining({ constraint: 'max_transaction_cost', symbol: 'NSTK' }),
    ]);
  });

  it('skips trades under the rebalancing threshold', () => {
    const plan = planIntegration(request({ rebalancing_threshold: 0.15, tax_loss_harvesting: true }), ctx);
    expect(plan.trades.map((t) => t.symbol)).toEqual(['OLD', 'NEW']);
    expect(plan.constraint_violations.map((v) => [v.constraint, v.symbol])).toEqual([
      ['rebalancing_threshold', 'NSTK'],
    ]);
  });

  it('scales a buy down to the cash available and never goes below zero cash', () => {
    const plan = planIntegration(request({}, [{ symbol: 'NSTK', recommended_allocation: 0.5 }]), ctx);
    // Cash 3 000 pays 1 USD commission and 5 bps: (3 000 − 1) / 1.0005 = 2 997.50.
    expect(plan.trades).toEqual([expect.objectContaining({ action: 'buy', symbol: 'NSTK', amount: 2997.5 })]);
    expect(plan.resulting_portfolio.cash).toBe(0);
    expect(plan.constraint_violations.map((v) => v.constraint)).toEqual(['cash']);
  });

  it('reports unknown symbols, missing replaced holdings and over-allocation', () => {
    const plan = planIntegration(
      request({}, [
        { symbol: 'NOPE', recommended_allocation: 0.1 },
        { symbol: 'NEW', recommended_allocation: 0.9, replacement_for: 'GONE' },
        { symbol: 'NSTK', recommended_allocation: 0.6 },
      ]),
      ctx,
    );
    expect(plan.constraint_violations.map((v) => v.constraint).sort()).toEqual([
      'allocation_total',
      'cash',
      'cash',
      'replacement_for',
      'unknown_symbol',
    ]);
    expect(plan.resulting_portfolio.cash).toBeGreaterThanOrEqual(0);
  });

  it('sells nothing for a discovery that names its own holding in replacement_for, and says so', () => {
    for (const replacement_for of ['old', 'OLD test instrument']) {
      const plan = planIntegration(request({}, [{ symbol: 'OLD', recommended_allocation: 0.6, replacement_for }]), ctx);
      expect(plan.trades.map((t) => [t.action, t.symbol, t.replacement_for])).toEqual([['buy', 'OLD', null]]);
      expect(plan.constraint_violations).toEqual([
        expect.objectContaining({
          constraint: 'replacement_for',
          symbol: 'OLD',
          message: expect.stringMatching(/its own holding/),
        }),
      ]);
      expect(plan.within_constraints).toBe(false);
    }
  });

  it('refuses a symbol held twice, case ignored, naming both places, where a plan would drop one position', () => {
    const twice = request({}, [{ symbol: 'NEW', recommended_allocation: 0.1 }]);
    twice.current_portfolio.holdings.push({ symbol: 'old', shares: 10, current_value: 1_000 });
    twice.current_portfolio.holdings.push({ symbol: 'KEEP', shares: 50, current_value: 5_000 });
    const refusal = (): unknown => planIntegration(twice, ctx);
    expect(refusal).toThrow(DuplicateSymbolError);
    expect(refusal).toThrow(DiscoveryValidationError);
    try {
      refusal();
    } catch (error) {
      expect((error as DuplicateSymbolError).code).toBe('VALIDATION_ERROR');
      expect((error as DuplicateSymbolError).details.errors).toEqual([
        {
          path: '/current_portfolio/holdings/3/symbol',
          message: expect.stringContaining("repeats the symbol of /current_portfolio/holdings/0/symbol ('OLD'"),
        },
        {
          path: '/current_portfolio/holdings/4/symbol',
          message: expect.stringContaining('/current_portfolio/holdings/1/symbol'),
        },
      ]);
    }
  });

  it('refuses a discovery listed twice, case ignored', () => {
    const twice = request({}, [
      { symbol: 'NEW', recommended_allocation: 0.1 },
      { symbol: 'NSTK', recommended_allocation: 0.1 },
      { symbol: 'new', recommended_allocation: 0.2 },
    ]);
    expect(() => planIntegration(twice, ctx)).toThrow(
      expect.objectContaining({
        name: 'DuplicateSymbolError',
        details: {
          errors: [{ path: '/discoveries/2/symbol', message: expect.stringContaining('/discoveries/0/symbol') }],
        },
      }),
    );
  });

  /** The refusal's `details.errors` (planIntegration must throw). */
  function refusal(r: IntegrationRequest): { path: string; message: string }[] {
    try {
      planIntegration(r, ctx);
    } catch (error) {
      expect(error).toBeInstanceOf(InconsistentPortfolioError);
      expect(error).toBeInstanceOf(DiscoveryValidationError);
      expect((error as InconsistentPortfolioError).code).toBe('VALIDATION_ERROR');
      return (error as InconsistentPortfolioError).details.errors as { path: string; message: string }[];
    }
    throw new Error('planIntegration accepted the request');
  }

  it('refuses a holding worth something with no shares, instead of selling 0 shares for its value', () => {
    const r = request({});
    r.current_portfolio.holdings[0]!.shares = 0;
    expect(refusal(r)).toEqual([
      {
        path: '/current_portfolio/holdings/0/shares',
        message: expect.stringContaining('must be above 0 when current_value is above 0 (OLD is worth 10000 USD)'),
      },
    ]);
    // No shares and no value is an empty position: a discovery of it is bought at its market price.
    const empty = request({}, [{ symbol: 'NSTK', recommended_allocation: 0.1 }]);
    empty.current_portfolio.holdings.push({ symbol: 'NSTK', shares: 0, current_value: 0 });
    expect(planIntegration(empty, ctx).trades).toEqual([
      expect.objectContaining({ action: 'buy', symbol: 'NSTK', shares: 20, amount: 2_000 }),
    ]);
  });

  it('refuses a traded holding with shares but no value (by symbol or by instrument name), not an untouched one', () => {
    const replaced = request({}, [
      { symbol: 'NEW', recommended_allocation: 0.5, replacement_for: 'OLD test instrument' },
    ]);
    replaced.current_portfolio.holdings[0]!.current_value = 0;
    replaced.current_portfolio.total_value = 10_000;
    expect(refusal(replaced)).toEqual([
      { path: '/current_portfolio/holdings/0/current_value', message: expect.stringContaining('trades OLD') },
    ]);
    // Bought more of: it would trade at 0 USD a share.
    const rebought = request({}, [{ symbol: 'KEEP', recommended_allocation: 0.5 }]);
    rebought.current_portfolio.holdings[1]!.current_value = 0;
    rebought.current_portfolio.total_value = 15_000;
    expect(refusal(rebought).map((f) => f.path)).toEqual(['/current_portfolio/holdings/1/current_value']);
    // A worthless position the request leaves alone is planned around.
    const untouched = request({}, [{ symbol: 'NSTK', recommended_allocation: 0.1 }]);
    untouched.current_portfolio.holdings[2]!.current_value = 0;
    untouched.current_portfolio.total_value = 18_000;
    expect(planIntegration(untouched, ctx).trades.map((t) => [t.action, t.symbol, t.amount])).toEqual([
      ['buy', 'NSTK', 1_800],
    ]);
  });

  it('refuses a total_value that is not the holdings plus cash, beyond 1 USD or 0.01 %', () => {
    const tiny = request({});
    tiny.current_portfolio.total_value = 1;
    expect(refusal(tiny)).toEqual([
      {
        path: '/current_portfolio/total_value',
        message: expect.stringContaining(
          'it is 1 USD, but the holdings (17000 USD) and cash (3000 USD) add up to 20000 USD (allowed difference: 2 USD',
        ),
      },
    ]);
    // 0.01 % of 20 000 USD is 2 USD.
    const within = request({});
    within.current_portfolio.total_value = 20_002;
    expect(planIntegration(within, ctx).within_constraints).toBe(true);
    const beyond = request({});
    beyond.current_portfolio.total_value = 20_002.01;
    expect(refusal(beyond).map((f) => f.path)).toEqual(['/current_portfolio/total_value']);
    // On a small portfolio the tolerance is 1 USD.
    const small: IntegrationRequest = {
      current_portfolio: { holdings: [{ symbol: 'KEEP', shares: 1, current_value: 100 }], cash: 0, total_value: 101.5 },
      discoveries: [],
    };
    expect(refusal(small).map((f) => f.path)).toEqual(['/current_portfolio/total_value']);
    small.current_portfolio.total_value = 101;
    expect(planIntegration(small, ctx).trades).toEqual([]);
  });
});

describe('planIntegration with tiny and huge share counts', () => {
  const market = [etf('NUH', 0.1, [100, 100, 100]), instrument('BTC', 'crypto', [1e5, 1e5, 1e5])];
  const tinyCtx = {
    plan_id: 'p',
    generated_at: ctx.generated_at,
    instruments: new Map(market.map((m) => [m.symbol, m])),
  };
  const trim = (shares: number, value: number, symbol = 'NUH', allocation = 0.1, cash = 0): IntegrationRequest => ({
    current_portfolio: { holdings: [{ symbol, shares, current_value: value }], cash, total_value: value + cash },
    discoveries: [{ symbol, recommended_allocation: allocation }],
  });

  it.each([
    [4e-7, 1_000, 3.6e-7, 900, 4e-8, 100],
    [1.5e-6, 100_000, 1.35e-6, 90_000, 1.5e-7, 10_000],
    [1e-12, 1e6, 9e-13, 900_000, 1e-13, 100_000],
  ])('trims %p shares worth %p USD by selling %p shares for %p USD, keeping %p shares worth %p', (...row) => {
    const [shares, value, sold, amount, kept, keptValue] = row;
    const plan = planIntegration(trim(shares, value), tinyCtx);
    expect(plan.trades).toEqual([expect.objectContaining({ action: 'sell', symbol: 'NUH', shares: sold, amount })]);
    expect(plan.resulting_portfolio.holdings).toEqual([{ symbol: 'NUH', shares: kept, current_value: keptValue }]);
    // Value is conserved less costs: one ETF trade, 1 USD + 2 bps.
    const cost = 1 + amount * 0.0002;
    expect(plan.estimated_transaction_costs).toBeCloseTo(cost, 2);
    expect(plan.resulting_portfolio.total_value).toBeCloseTo(value - cost, 2);
  });

  it('keeps six significant digits of a fraction of a coin', () => {
    // 0.00012345678 BTC at 100 000 USD is 12.345678 USD; trimmed to 10 % of a 100 USD portfolio.
    const plan = planIntegration(trim(0.00012345678, 12.345678, 'BTC', 0.1, 87.654322), tinyCtx);
    expect(plan.trades).toEqual([expect.objectContaining({ action: 'sell', shares: 0.0000234568, amount: 2.35 })]);
    expect(plan.resulting_portfolio.holdings).toEqual([{ symbol: 'BTC', shares: 0.0001, current_value: 10 }]);
  });

  it('refuses a holding whose price per share is beyond what a plan can trade at, naming its shares', () => {
    // 1e13 USD over 1e-300 shares is 1e313 USD a share: beyond the range of a double.
    expect(() => planIntegration(trim(1e-300, 1e13), tinyCtx)).toThrow(
      expect.objectContaining({
        name: 'InconsistentPortfolioError',
        code: 'VALIDATION_ERROR',
        details: {
          errors: [
            {
              path: '/current_portfolio/holdings/0/shares',
              message: expect.stringContaining(
                'gives NUH a price per share (current_value / shares = 10000000000000 / 1e-300) of Infinity USD, outside 1e-100 to 1e+100 USD',
              ),
            },
          ],
        },
      }),
    );
    expect(() => planIntegration(trim(1e15, 1e-90), tinyCtx)).toThrow(InconsistentPortfolioError);
    // At the limits themselves a plan is made.
    expect(planIntegration(trim(1e-88, 1e12), tinyCtx).trades[0]).toMatchObject({ shares: 9e-89, amount: 9e11 });
  });

  it('does not buy a discovery whose market price gives no share count', () => {
    const free = instrument('FREE', 'stock', [1, 1, 1], { current_price: 0 });
    const plan = planIntegration(
      {
        current_portfolio: { holdings: [], cash: 1_000, total_value: 1_000 },
        discoveries: [{ symbol: 'FREE', recommended_allocation: 0.5 }],
      },
      { ...tinyCtx, instruments: new Map([['FREE', free]]) },
    );
    expect(plan.trades).toEqual([]);
    expect(plan.constraint_violations).toEqual([
      {
        constraint: 'unknown_symbol',
        symbol: 'FREE',
        message: 'The market data has no usable price for FREE (0 USD); it cannot be bought.',
      },
    ]);
  });
});
