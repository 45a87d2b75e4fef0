import { DiscoveryValidationError } from '@disc/types';
import { DuplicateSymbolError, planIntegration, type IntegrationRequest } from '@disc/portfolio';
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
});
