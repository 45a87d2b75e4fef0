import fc from 'fast-check';
import { applyCurve, curveDirection, type Curve } from './curves';
import { COMPONENTS } from './subscore-spec';
import { SUB_SCORES } from './subscores';
import { ASSET_TYPES } from '@disc/types';

/** Hand-computed reference vectors: [asset type, sub-score key, value, expected score]. */
const VECTORS: [string, string, number | boolean, number][] = [
  ['etf', 'expense_ratio', 0.15, (0.6 - 0.15) / 0.53],
  ['etf', 'expense_ratio', 0.03, 1],
  ['etf', 'expense_ratio', 0.8, 0],
  ['etf', 'aum', 1e9, 1 / Math.log10(200)],
  ['etf', 'aum', 1e11, 1],
  ['etf', 'tracking_error', 0.002, (0.01 - 0.002) / 0.009],
  ['etf', 'history_years', 3, 2 / 11],
  ['etf', 'sharpe', 0.45, 0.5],
  ['etf', 'volatility', 0.26, 0.5],
  ['etf', 'max_drawdown', 0.35, 0.5],
  ['etf', 'beta', 1.0, 0.8 / 0.9],
  ['etf', 'rsi_14', 55, 1],
  ['etf', 'rsi_14', 30, 0.5],
  ['etf', 'rsi_14', 80, 0.5],
  ['etf', 'rsi_14', 95, 0],
  ['etf', 'ma_trend', -0.025, 0.5],
  ['etf', 'momentum_12m', 0, 0.5],
  ['etf', 'return_3y', 0.045, 0.5],
  ['stock', 'roe', 0.2, 0.2 / 0.35],
  ['stock', 'revenue_growth_5y', 0.15, 0.2 / 0.3],
  ['stock', 'profit_margin', 0.1, 0.1 / 0.25],
  ['stock', 'debt_to_equity', 0.3, 1.2 / 1.35],
  ['stock', 'fcf_yield', 0.01, 0.03 / 0.055],
  ['stock', 'volatility', 0.435, 0.5],
  ['stock', 'return_3y', 0.1, 0.5],
  ['crypto', 'market_cap', 1e10, Math.log10(20) / Math.log10(200)],
  ['crypto', 'daily_volume', 5e8, Math.log10(25) / Math.log10(250)],
  ['crypto', 'age_months', 36, 30 / 78],
  ['crypto', 'institutional_adoption', true, 1],
  ['crypto', 'institutional_adoption', false, 0],
  ['crypto', 'volatility', 0.8, 0.6 / 0.95],
  ['stock', 'max_drawdown', 0.5, 0.5],
  ['stock', 'beta', 1.5, 0.5],
  ['crypto', 'max_drawdown', 0.7, 0.5],
];

function curveOf(assetType: string, key: string): Curve {
  const spec = SUB_SCORES[assetType as 'etf'].find((s) => s.key === key);
  if (!spec) throw new Error(`no sub-score ${assetType}.${key}`);
  return spec.curve;
}

describe('sub-score curves', () => {
  it.each(VECTORS)('%s %s at %p scores %p', (assetType, key, value, expected) => {
    expect(applyCurve(curveOf(assetType, key), value)).toBeCloseTo(expected, 10);
  });

  it('every sub-score of every asset type has a reference vector', () => {
    const covered = new Set(VECTORS.map(([t, k]) => `${t}.${k}`));
    const shared = ['sharpe', 'return_3y', 'momentum_12m', 'ma_trend', 'rsi_14', 'volatility', 'max_drawdown', 'beta'];
    for (const t of ASSET_TYPES) {
      for (const s of SUB_SCORES[t]) {
        expect(covered.has(`${t}.${s.key}`) || (shared.includes(s.key) && covered.has(`etf.${s.key}`))).toBe(true);
      }
    }
  });

  it('within each component the sub-score weights sum to 1', () => {
    for (const t of ASSET_TYPES) {
      for (const c of COMPONENTS) {
        const sum = SUB_SCORES[t].filter((s) => s.component === c).reduce((a, s) => a + s.weight, 0);
        expect({ t, c, sum: Number(sum.toFixed(10)) }).toEqual({ t, c, sum: 1 });
      }
    }
  });

  it('property: every sub-score stays in 0..1 and is monotonic where its curve says so', () => {
    const specs = ASSET_TYPES.flatMap((t) => SUB_SCORES[t].map((s) => s.curve));
    fc.assert(
      fc.property(
        fc.constantFrom(...specs),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        (curve, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const sLo = applyCurve(curve, lo);
          const sHi = applyCurve(curve, hi);
          for (const s of [sLo, sHi]) {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(1);
          }
          const dir = curveDirection(curve);
          if (dir === 1 && curve.kind !== 'flag') expect(sHi).toBeGreaterThanOrEqual(sLo);
          if (dir === -1) expect(sHi).toBeLessThanOrEqual(sLo);
        },
      ),
    );
  });
});
