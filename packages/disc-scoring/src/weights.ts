import { COMPONENTS, type Component } from './subscore-spec';
import type { AssetType, Regime, RiskTolerance } from '@disc/types';

export type ComponentWeights = Readonly<Record<Component, number>>;

/** Base weights of the four components per asset type (each row sums to 1). */
export const BASE_WEIGHTS: Readonly<Record<AssetType, ComponentWeights>> = Object.freeze({
  etf: { fundamental: 0.3, quality: 0.25, technical: 0.2, risk: 0.25 },
  stock: { fundamental: 0.35, quality: 0.25, technical: 0.2, risk: 0.2 },
  crypto: { fundamental: 0.25, quality: 0.25, technical: 0.25, risk: 0.25 },
});

export interface RegimeAdjustment {
  multipliers: ComponentWeights;
  /** Cost sub-scores (ETF expense ratio) count 1.5× inside their component, and the
   * expense-ratio screen tightens (see @disc/screening). */
  cost_sensitivity_increased: boolean;
  reason: string;
}

/** Why: in falling or nervous markets, balance-sheet quality and low risk hold up; in a
 * flat market costs are a larger share of the return; in a rising market trend matters. */
export const REGIME_ADJUSTMENTS: Readonly<Record<Regime, RegimeAdjustment>> = Object.freeze({
  bull: {
    multipliers: { fundamental: 1, quality: 1, technical: 1.15, risk: 0.9 },
    cost_sensitivity_increased: false,
    reason: 'bull market: trend counts more, risk slightly less',
  },
  bear: {
    multipliers: { fundamental: 1, quality: 1.3, technical: 0.8, risk: 1.25 },
    cost_sensitivity_increased: true,
    reason: 'bear market: quality and risk count more, costs matter more',
  },
  volatile: {
    multipliers: { fundamental: 1, quality: 1.2, technical: 0.85, risk: 1.3 },
    cost_sensitivity_increased: false,
    reason: 'volatile market (high VIX): risk and quality count more',
  },
  sideways: {
    multipliers: { fundamental: 1, quality: 1.1, technical: 0.9, risk: 1 },
    cost_sensitivity_increased: true,
    reason: 'sideways market: costs are a larger share of returns',
  },
});

/** Risk tolerance re-weighs risk against trend (the hard-screen limits move in screening). */
export const RISK_TOLERANCE_MULTIPLIERS: Readonly<Record<RiskTolerance, ComponentWeights>> = Object.freeze({
  conservative: { fundamental: 1, quality: 1.1, technical: 0.85, risk: 1.5 },
  moderate: { fundamental: 1, quality: 1, technical: 1, risk: 1 },
  aggressive: { fundamental: 1, quality: 0.9, technical: 1.3, risk: 0.6 },
});

export const COST_WEIGHT_MULTIPLIER = 1.5;

export interface WeightOptions {
  regime?: Regime;
  riskTolerance?: RiskTolerance;
  /** Replace the base weights (any positive numbers; they are normalised). */
  base?: Partial<Record<Component, number>>;
}

/** Base × regime × risk-tolerance multipliers, normalised to sum to 1. */
export function componentWeights(assetType: AssetType, options: WeightOptions = {}): ComponentWeights {
  const base = { ...BASE_WEIGHTS[assetType], ...(options.base ?? {}) };
  const regime = options.regime ? REGIME_ADJUSTMENTS[options.regime].multipliers : undefined;
  const tolerance = RISK_TOLERANCE_MULTIPLIERS[options.riskTolerance ?? 'moderate'];
  const raw = {} as Record<Component, number>;
  let total = 0;
  for (const c of COMPONENTS) {
    const w = Math.max(0, base[c]) * (regime ? regime[c] : 1) * tolerance[c];
    raw[c] = w;
    total += w;
  }
  if (!(total > 0)) throw new RangeError('Component weights must not all be zero');
  for (const c of COMPONENTS) raw[c] /= total;
  return raw;
}
