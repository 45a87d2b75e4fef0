import fc from 'fast-check';
import {
  analyse,
  analyseDetailed,
  componentSums,
  computeMetrics,
  emptyMetrics,
  gradeFor,
  quickScore,
  scoreFromSums,
  scoreInstrument,
  scoringPlan,
} from '@disc/scoring';
import {
  InsufficientDataError,
  InvalidAssetTypeError,
  ScoringError,
  type Instrument,
  type MarketContext,
  type PriceSeries,
} from '@disc/types';
import { instrument, seeded } from '@fin/test-utils';

/** Deterministic daily closes with a given annual drift and volatility (seeded LCG + Box–Muller). */
function prices(drift: number, vol: number, days = 800, seed = 7): PriceSeries {
  const random = seeded(seed);
  const uniform = (): number => 1 - random(); // (0, 1]: the logarithm below never sees 0
  const closes = [100];
  for (let i = 1; i < days; i++) {
    const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    closes.push(closes[i - 1]! * Math.exp(drift / 252 - (vol * vol) / 504 + (vol / Math.sqrt(252)) * z));
  }
  return { start: '2023-01-02', closes };
}

/** A steady up-trend: log price rises linearly with a small deterministic wiggle (~9 % vol). */
function steady(drift = 0.16, days = 800): PriceSeries {
  const closes = Array.from({ length: days }, (_, i) => 100 * Math.exp((drift * i) / 252 + 0.006 * Math.sin(i * 1.3)));
  return { start: '2023-01-02', closes };
}

const context: MarketContext = {
  regime: 'bull',
  vix_level: 14,
  interest_rate_environment: 'stable',
  inflation_rate: 0.025,
  risk_free_rate: 0.03,
};

function etf(overrides: Partial<NonNullable<Instrument['etf']>> = {}, series = steady()): Instrument {
  return instrument<Instrument>('SMPL', 'etf', series, {
    name: 'Sample Total Market ETF (SAMPLE DATA)',
    etf: { expense_ratio: 0.03, aum: 3e11, tracking_error: 0.0003, history_years: 20, ...overrides },
  });
}

describe('analyse', () => {
  it('grades an ETF that clears every screen by a wide margin with strong, steady returns A+', () => {
    const inst = etf();
    const a = scoreInstrument(inst, { context, discoveryDate: '2026-01-02T00:00:00.000Z' });
    expect(a.final_grade).toBe('A+');
    expect(a.final_score).toBeGreaterThanOrEqual(0.95);
    expect(a.confidence_level).toBeGreaterThan(0.9);
    expect(a.candidate).toEqual({
      symbol: 'SMPL',
      name: 'Sample Total Market ETF (SAMPLE DATA)',
      asset_type: 'etf',
      current_price: inst.current_price,
      market_cap: null,
      preliminary_score: a.final_score,
      discovery_date: '2026-01-02T00:00:00.000Z',
    });
  });

  it('cites the actual values in the rationale', () => {
    const a = scoreInstrument(etf({ expense_ratio: 0.03 }), { context });
    const text = a.rationale.join('\n');
    expect(text).toContain('expense ratio 0.03 %, well under the 0.15 % limit → 1.00');
    expect(text).toContain('assets under management $300B, well above the $1B minimum → 1.00');
    expect(text).toMatch(/^Final score 0\.9\d{3} from fundamental/m);
    expect(text).toContain('Market regime bull, VIX 14.0');
  });

  it('grades an expensive, small, volatile ETF low', () => {
    const a = scoreInstrument(
      etf({ expense_ratio: 0.55, aum: 2e8, tracking_error: 0.008, history_years: 2 }, prices(-0.1, 0.35)),
      { context },
    );
    expect(a.final_score).toBeLessThan(0.5);
    expect(a.final_grade).toBe('F');
  });

  it('lowers the confidence for missing fields instead of failing', () => {
    const full = scoreInstrument(etf(), { context });
    const inst = etf();
    delete inst.prices;
    const noPrices = scoreInstrument(inst, { context });
    expect(noPrices.technical_score).toBe(0);
    expect(noPrices.confidence_level).toBeLessThan(full.confidence_level * 0.6);
    expect(noPrices.rationale.join('\n')).toContain('Technical: no data');
  });

  it('scores a stock whose caller left out free cash flow, with lower confidence', () => {
    const stock = (fcf: number | undefined): Instrument => ({
      symbol: 'FCFX',
      name: 'Cash Flow Example Corp (SAMPLE DATA)',
      asset_type: 'stock',
      currency: 'USD',
      current_price: 100,
      market_cap: 5e10,
      prices: steady(),
      stock: {
        roe: 0.3,
        revenue_growth_5y: 0.2,
        debt_to_equity: 0.2,
        profit_margin: 0.2,
        ...(fcf === undefined ? {} : { free_cash_flow: fcf }),
      } as NonNullable<Instrument['stock']>,
    });
    const full = scoreInstrument(stock(2e9), { context });
    const partial = scoreInstrument(stock(undefined), { context });
    expect(Number.isFinite(partial.quality_score)).toBe(true);
    expect(partial.confidence_level).toBeLessThan(full.confidence_level);
  });

  it('lowers the confidence for a short history', () => {
    const long = scoreInstrument(etf(), { context });
    const short = scoreInstrument(etf({}, steady(0.16, 300)), { context });
    expect(short.confidence_level).toBeLessThan(long.confidence_level);
  });

  it('lowers the confidence when components disagree', () => {
    const agree = analyseDetailed(etf(), computeMetrics(steady()), { context });
    const disagree = analyseDetailed(etf(), computeMetrics(prices(-0.3, 0.45)), { context });
    expect(disagree.confidence.agreement).toBeLessThan(agree.confidence.agreement);
    expect(disagree.analysis.confidence_level).toBeLessThan(agree.analysis.confidence_level);
  });

  it('raises InsufficientDataError when fewer than two components have data', () => {
    const inst = instrument<Instrument>('NEW', 'crypto', undefined, { current_price: 1 });
    expect(() => analyse(inst, emptyMetrics())).toThrow(InsufficientDataError);
  });

  it('raises InvalidAssetTypeError for a bond', () => {
    const inst = { ...etf(), asset_type: 'bond' } as unknown as Instrument;
    expect(() => scoreInstrument(inst)).toThrow(InvalidAssetTypeError);
  });

  it('raises ScoringError for a non-finite input', () => {
    expect(() => scoreInstrument(etf({ aum: Number.NaN }))).toThrow(ScoringError);
  });

  it('weighs risk more for a conservative investor', () => {
    const risky = etf({}, prices(0.3, 0.3));
    const c = analyseDetailed(risky, computeMetrics(risky.prices!), { riskTolerance: 'conservative' });
    const g = analyseDetailed(risky, computeMetrics(risky.prices!), { riskTolerance: 'aggressive' });
    expect(c.breakdown.weights.risk).toBeGreaterThan(g.breakdown.weights.risk);
    expect(c.analysis.final_score!).toBeLessThan(g.analysis.final_score!);
  });

  it('property: scores in 0..1 and grade consistent with the final score', () => {
    fc.assert(
      fc.property(
        fc.record({
          expense_ratio: fc.double({ min: 0, max: 2, noNaN: true }),
          aum: fc.double({ min: 1e6, max: 1e12, noNaN: true }),
          tracking_error: fc.double({ min: 0, max: 0.05, noNaN: true }),
          history_years: fc.double({ min: 0, max: 30, noNaN: true }),
        }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.double({ min: 0.02, max: 0.8, noNaN: true }),
        (f, drift, vol) => {
          const a = scoreInstrument(etf(f, prices(drift, vol, 300)), { context });
          for (const v of [
            a.fundamental_score,
            a.quality_score,
            a.technical_score,
            a.risk_score,
            a.confidence_level,
            a.final_score!,
          ]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
          expect(a.final_grade).toBe(gradeFor(a.final_score!));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: the final score falls as the expense ratio rises', () => {
    const m = computeMetrics(prices(0.1, 0.15));
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const sLo = analyse(etf({ expense_ratio: lo }), m).final_score!;
        const sHi = analyse(etf({ expense_ratio: hi }), m).final_score!;
        expect(sHi).toBeLessThanOrEqual(sLo);
      }),
    );
  });

  it('the fast path gives the same final score, and NaN where analyse would throw', () => {
    const inst = etf({ expense_ratio: 0.2 });
    delete inst.prices;
    const plan = scoringPlan('etf', { regime: 'bear', riskTolerance: 'aggressive' });
    const full = analyse(inst, emptyMetrics(), {
      context: { ...context, regime: 'bear' },
      riskTolerance: 'aggressive',
    }).final_score;
    expect(quickScore(inst, emptyMetrics(), plan)).toBe(full);
    const coin: Instrument = {
      symbol: 'NEW',
      name: 'New coin',
      asset_type: 'crypto',
      currency: 'USD',
      current_price: 1,
      market_cap: null,
    };
    expect(scoreFromSums(componentSums(coin, emptyMetrics()), scoringPlan('crypto'))).toBeNaN();
    expect(quickScore(etf({ aum: Number.POSITIVE_INFINITY }), emptyMetrics(), plan)).toBeNaN();
  });
});
