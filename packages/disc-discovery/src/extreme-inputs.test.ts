import { APlusScoringTool, DuplicateSymbolError, InvestmentDiscoveryCrew, type DiscoveryResult } from '@disc/discovery';
import { etf, MemoryProvider, testUniverse } from './test-provider';

// Finite, documented-valid inputs at the edges of the double range (sweep report D2, D3, C7,
// C8, C9): they are scored and planned, or refused as a validation error naming the member —
// never a ScoringError, a silently wrong result or an impossible trade.

const NOW = new Date('2026-03-02T10:00:00.000Z');
// GUEI closes alternate between 1e-300 and 1e300 USD: positive and finite, but their ratio
// (1e600) is beyond the range of a double.
const GUEI = etf(
  'GUEI',
  {},
  { start: '2023-09-11', closes: Array.from({ length: 800 }, (_, i) => (i % 2 ? 1e300 : 1e-300)) },
);
const provider = new MemoryProvider([...testUniverse(), GUEI]);
const crew = new InvestmentDiscoveryCrew({ provider, clock: () => NOW, ids: () => 'id-1' });
const scorer = new APlusScoringTool({ provider, clock: () => NOW });
const ACME = { roe: 0.25, revenue_growth_5y: 0.2, debt_to_equity: 0.2, free_cash_flow: 1e9, profit_margin: 0.2 };

describe('scoring finite inputs beyond the double range (SDK)', () => {
  it('scores a stock whose free-cash-flow yield overflows as the extreme yield (C8)', async () => {
    const tiny = await scorer.scoreStock('ACME', ACME, { market_cap: 1e-300 });
    expect(tiny.rationale.join(' ')).toMatch(/free-cash-flow yield 1\.8e\+310 %, above zero → 1\.00/);
    const huge = await scorer.scoreStock('ACME', { ...ACME, free_cash_flow: 1e308 }, { market_cap: 5e-324 });
    expect(huge.quality_score).toBe(tiny.quality_score);
    // A yield in range is scored as before: 1e9 / 1e10 = 10 %, also full marks.
    const normal = await scorer.scoreStock('ACME', ACME, { market_cap: 1e10 });
    expect(normal.final_score).toBe(tiny.final_score);
  });

  it('scores, monitors and plans with an instrument whose closes alternate 1e-300 / 1e300 (C7)', async () => {
    const a = await scorer.scoreEtf('GUEI', {
      expense_ratio: 0.03,
      aum: 6e10,
      tracking_error: 0.0004,
      history_years: 15,
    });
    // Volatility ~2 200 000 % a year and a 100 % drawdown score 0; only beta (~0) scores.
    expect(a.risk_score).toBe(0.2);
    expect(a.rationale.join(' ')).not.toMatch(/NaN|Infinity/);
    expect(await crew.monitor('GUEI')).toMatchObject({ symbol: 'GUEI' });
    const plan = await crew.integrateDiscoveries({
      current_portfolio: {
        holdings: [{ symbol: 'GUEI', shares: 10, current_value: 1_000 }],
        cash: 0,
        total_value: 1_000,
      },
      discoveries: [{ symbol: 'GOOD', recommended_allocation: 0.5, replacement_for: 'GUEI' }],
    });
    expect(plan.trades.map((t) => [t.action, t.symbol])).toEqual([
      ['sell', 'GUEI'],
      ['buy', 'GOOD'],
    ]);
  });
});

describe('portfolio_context and integration requests at the edges (SDK)', () => {
  const proposals = (r: DiscoveryResult) =>
    r.portfolio_improvements.map((p) => [
      p.current_holding,
      p.recommended_replacement.symbol,
      p.implementation_priority,
      p.cost_analysis.transaction_costs,
      p.cost_analysis.annual_savings_usd,
    ]);

  it('normalises weights whose sum overflows like the same weights scaled down (D3)', async () => {
    const holdings = (w: number) => [
      { symbol: 'MEH', allocation: w },
      { symbol: 'SWING', allocation: w },
    ];
    const one = await crew.discoverEtfs({}, { current_holdings: holdings(1) });
    expect(proposals(one).length).toBeGreaterThan(0);
    expect(proposals(one).every(([, , , costs]) => (costs as number) > 0)).toBe(true);
    expect(proposals(await crew.discoverEtfs({}, { current_holdings: holdings(1e308) }))).toEqual(proposals(one));
    const target = (w: number) => ({
      current_holdings: holdings(1),
      target_allocation: { stocks: w, bonds: w, alternatives: w },
    });
    const ones = await crew.discoverEtfs({}, target(1));
    expect(proposals(ones).some(([held, by]) => held === null && by === 'BOND')).toBe(true);
    expect(proposals(await crew.discoverEtfs({}, target(1e308)))).toEqual(proposals(ones));
  });

  it('refuses a holding listed twice in portfolio_context, case ignored, as integrate-discoveries does (C9)', async () => {
    const twice = crew.discoverEtfs(
      {},
      {
        current_holdings: [
          { symbol: 'MEH', allocation: 1 },
          { symbol: 'meh', allocation: 1 },
        ],
      },
    );
    await expect(twice).rejects.toBeInstanceOf(DuplicateSymbolError);
    await expect(twice).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(
        /^Invalid portfolio_context: \/portfolio_context\/current_holdings\/1\/symbol repeats/,
      ),
      details: {
        errors: [
          {
            path: '/portfolio_context/current_holdings/1/symbol',
            message: expect.stringContaining("/portfolio_context/current_holdings/0/symbol ('MEH'"),
          },
        ],
      },
    });
  });

  it('plans tiny share counts consistently and refuses a price per share no plan can trade at (D2)', async () => {
    const request = (shares: number, current_value: number) => ({
      current_portfolio: { holdings: [{ symbol: 'GOOD', shares, current_value }], cash: 0, total_value: current_value },
      discoveries: [{ symbol: 'GOOD', recommended_allocation: 0.1 }],
    });
    const plan = await crew.integrateDiscoveries(request(4e-7, 1_000));
    expect(plan.trades).toEqual([expect.objectContaining({ action: 'sell', shares: 3.6e-7, amount: 900 })]);
    expect(plan.resulting_portfolio.holdings).toEqual([{ symbol: 'GOOD', shares: 4e-8, current_value: 100 }]);
    await expect(crew.integrateDiscoveries(request(1e-300, 1e13))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        errors: [{ path: '/current_portfolio/holdings/0/shares', message: expect.stringContaining('price per share') }],
      },
    });
  });
});
