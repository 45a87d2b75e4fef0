import fc from 'fast-check';
import { emptyMetrics, type Instrument, type PriceMetrics } from '@disc/scoring';
import { resolveCriteria, screen } from '@disc/screening';
import { passesScreens } from './fast-screen';

// Values are mostly on the passing side of each default limit, sometimes on the failing
// side or missing, so that both answers occur often.
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 20 });
const num = (min: number, max: number): fc.Arbitrary<number> => fc.double({ min, max, noNaN: true });
/** A value that passes a `limit` (min: ≥, max: ≤) nine times in ten. */
const near = (limit: number, kind: 'min' | 'max'): fc.Arbitrary<number> =>
  fc.oneof({ arbitrary: kind === 'min' ? num(limit, limit * 3) : num(0, limit), weight: 9 }, { arbitrary: kind === 'min' ? num(0, limit) : num(limit, limit * 3), weight: 1 });
const flag = fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 });

const metricsArb: fc.Arbitrary<PriceMetrics | null> = fc.option(
  fc.record({ volatility: fc.option(near(0.35, 'max'), { nil: null, freq: 20 }), volatility_90d: fc.option(near(1, 'max'), { nil: null, freq: 20 }), max_drawdown: fc.option(near(0.5, 'max'), { nil: null, freq: 20 }) })
    .map((m) => ({ ...emptyMetrics(), ...m })),
  { nil: null, freq: 20 },
);
const regionArb = maybe(fc.constantFrom('US', 'Europe', 'us', 'Global'));
const rarely = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 });
const base = { name: 'x', currency: 'USD', current_price: 1 };

const etfArb = fc.record({
  region: regionArb,
  f: maybe(fc.record({ expense_ratio: maybe(near(0.15, 'max')), aum: maybe(near(1e9, 'min')), tracking_error: maybe(near(0.002, 'max')), history_years: maybe(near(3, 'min')), ucits_compliant: maybe(flag) })),
}).map(({ region, f }) => clean({ ...base, symbol: 'E', asset_type: 'etf', market_cap: null, region, etf: f }));
const stockArb = fc.record({
  cap: fc.option(near(1e9, 'min'), { nil: null, freq: 20 }),
  f: maybe(fc.record({ roe: maybe(near(0.2, 'min')), revenue_growth_5y: maybe(near(0.15, 'min')), debt_to_equity: maybe(near(0.3, 'max')), free_cash_flow: maybe(num(-1e8, 1e10)), profit_margin: maybe(near(0.1, 'min')) })),
}).map(({ cap, f }) => clean({ ...base, symbol: 'S', asset_type: 'stock', market_cap: cap, region: 'US', stock: f }));
const cryptoArb = fc.record({
  cap: fc.option(near(1e10, 'min'), { nil: null, freq: 20 }),
  f: maybe(fc.record({ daily_volume: maybe(near(5e8, 'min')), age_months: maybe(near(36, 'min')), institutional_adoption: maybe(flag) })),
}).map(({ cap, f }) => clean({ ...base, symbol: 'C', asset_type: 'crypto', market_cap: cap, crypto: f }));

const criteriaArb = fc.record({
  ucits_compliant: rarely(fc.boolean()),
  required_free_cash_flow: rarely(fc.boolean()),
  required_institutional_adoption: rarely(fc.boolean()),
  required_regions: fc.option(fc.constantFrom(['US'], ['europe', 'Global']), { nil: undefined, freq: 3 }),
});

describe('passesScreens', () => {
  it('gives the same answer as screen() for every asset type', () => {
    const seen = { passed: 0, failed: 0 };
    fc.assert(
      fc.property(fc.oneof(etfArb, stockArb, cryptoArb), metricsArb, criteriaArb, (instrument, metrics, raw) => {
        const wanted: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(raw)) {
          const applies = k === 'required_regions' || (k === 'ucits_compliant' && instrument.asset_type === 'etf') ||
            (k === 'required_free_cash_flow' && instrument.asset_type === 'stock') || (k === 'required_institutional_adoption' && instrument.asset_type === 'crypto');
          if (v !== undefined && applies) wanted[k] = v;
        }
        const { criteria } = resolveCriteria(instrument.asset_type, wanted);
        const expected = screen(instrument, criteria, metrics).passed;
        seen[expected ? 'passed' : 'failed']++;
        expect(passesScreens(instrument, criteria, metrics)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    // Both answers must have been exercised for the comparison to mean anything.
    expect(seen.passed).toBeGreaterThan(30);
    expect(seen.failed).toBeGreaterThan(30);
  });
});

/** Drops undefined members, as JSON data would not have them. */
function clean(o: Record<string, unknown>): Instrument {
  return JSON.parse(JSON.stringify(o)) as Instrument;
}
