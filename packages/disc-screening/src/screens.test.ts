import { emptyMetrics } from '@disc/scoring';
import type { Instrument, PriceMetrics } from '@disc/types';
import { defaultCriteria, preliminaryScore, resolveCriteria, screen } from '@disc/screening';
import { instrument } from '@fin/test-utils';

const metrics: PriceMetrics = { ...emptyMetrics(), volatility: 0.15, volatility_90d: 0.5, max_drawdown: 0.2 };

const etf = instrument<Instrument>('SWID', 'etf', undefined, {
  current_price: 50,
  region: 'Global',
  etf: { expense_ratio: 0.075, aum: 2e9, tracking_error: 0.001, history_years: 6, ucits_compliant: true },
});

describe('hard screens', () => {
  it('passes an ETF inside every default limit and reports the headroom', () => {
    const r = screen(etf, defaultCriteria('etf'), metrics);
    expect(r.passed).toBe(true);
    expect(r.checks.find((c) => c.criterion === 'max_expense_ratio')).toEqual({
      criterion: 'max_expense_ratio',
      value: 0.075,
      limit: 0.15,
      passed: true,
      margin: 0.5,
    });
    expect(r.checks.find((c) => c.criterion === 'min_aum_billions')?.margin).toBe(1);
  });

  it('names each failed screen', () => {
    const r = screen(
      { ...etf, etf: { ...etf.etf!, expense_ratio: 0.2, ucits_compliant: false } },
      defaultCriteria('etf'),
      metrics,
    );
    expect(r.passed).toBe(false);
    expect(r.failures).toEqual(['max_expense_ratio', 'ucits_compliant']);
  });

  it('reads fundamentals left out as missing data, and still gives a preliminary score', () => {
    const partial = { ...etf, etf: { expense_ratio: 0.075 } } as unknown as Instrument;
    const r = screen(partial, defaultCriteria('etf'), metrics);
    expect(r.checks.find((c) => c.criterion === 'min_aum_billions')).toMatchObject({ value: null, margin: null });
    expect(Number.isFinite(preliminaryScore(r))).toBe(true);
    const stock = { ...etf, asset_type: 'stock', market_cap: 3e9, stock: { roe: 0.3 } } as unknown as Instrument;
    expect(
      screen(stock, defaultCriteria('stock'), metrics).checks.find((c) => c.criterion === 'required_free_cash_flow'),
    ).toMatchObject({ value: null, passed: false });
  });

  it('fails a screen whose data is missing', () => {
    const r = screen(etf, defaultCriteria('etf'), null);
    expect(r.failures).toEqual(['max_volatility', 'max_drawdown']);
  });

  it('filters by region, case-insensitively', () => {
    expect(screen(etf, resolveCriteria('etf', { required_regions: ['global'] }).criteria, metrics).passed).toBe(true);
    expect(screen(etf, resolveCriteria('etf', { required_regions: ['US'] }).criteria, metrics).failures).toEqual([
      'required_regions',
    ]);
  });

  it('screens stocks on fundamentals, market cap and positive free cash flow', () => {
    const stock = instrument<Instrument>('SMPS', 'stock', undefined, {
      current_price: 10,
      market_cap: 5e9,
      stock: { roe: 0.25, revenue_growth_5y: 0.2, debt_to_equity: 0.1, free_cash_flow: -1e6, profit_margin: 0.2 },
    });
    expect(screen(stock, defaultCriteria('stock'), metrics).failures).toEqual(['required_free_cash_flow']);
  });

  it('screens crypto on 90-day volatility and institutional adoption', () => {
    const coin = instrument<Instrument>('SMPC', 'crypto', undefined, {
      current_price: 1,
      market_cap: 2e10,
      crypto: { daily_volume: 1e9, age_months: 60, institutional_adoption: false },
    });
    expect(screen(coin, defaultCriteria('crypto'), { ...metrics, volatility_90d: 1.2 }).failures).toEqual([
      'required_institutional_adoption',
      'max_volatility_90d',
    ]);
    expect(
      screen(coin, resolveCriteria('crypto', { institutional_adoption_required: false }).criteria, metrics).passed,
    ).toBe(true);
  });
});

describe('preliminary score', () => {
  it('is 0.5 + 0.5 × headroom per numeric screen, 1/0 per yes/no screen, averaged', () => {
    const r = screen(etf, defaultCriteria('etf'), metrics);
    // expense 0.5 → 0.75; aum margin 1 → 1; tracking 0.5 → 0.75; history 1 → 1; ucits → 1;
    // volatility (0.35−0.15)/0.35 → 0.7857; drawdown (0.5−0.2)/0.5 → 0.8
    const expected = (0.75 + 1 + 0.75 + 1 + 1 + (0.5 + 0.5 * (0.2 / 0.35)) + 0.8) / 7;
    expect(preliminaryScore(r)).toBeCloseTo(expected, 4);
  });

  it('rises as an instrument clears its screens by more', () => {
    const tight = preliminaryScore(
      screen({ ...etf, etf: { ...etf.etf!, expense_ratio: 0.14 } }, defaultCriteria('etf'), metrics),
    );
    const wide = preliminaryScore(
      screen({ ...etf, etf: { ...etf.etf!, expense_ratio: 0.03 } }, defaultCriteria('etf'), metrics),
    );
    expect(wide).toBeGreaterThan(tight);
  });
});
