import { applyCurve } from './curves';
import { COMPONENTS, type Component } from './subscore-spec';
import { subScoresFor } from './subscores';
import { COST_WEIGHT_MULTIPLIER, componentWeights, REGIME_ADJUSTMENTS, type WeightOptions } from './weights';
import type { AssetType, Instrument, PriceMetrics } from '@disc/types';

/**
 * Sub-scores do not depend on the market context; only the weights do. So an instrument's
 * sub-scores are reduced once per snapshot to per-component sums, and every later score in
 * any regime or risk tolerance is O(4) arithmetic. Layout: for component c (COMPONENTS
 * order), [4c] Σ score×weight and [4c+1] Σ weight over non-cost sub-scores with data, [4c+2]
 * and [4c+3] the same over cost sub-scores. NaN everywhere when an input is not finite.
 */
export type ComponentSums = Float64Array;

export function componentSums(instrument: Instrument, metrics: PriceMetrics): ComponentSums {
  const out = new Float64Array(16);
  const specs = subScoresFor(instrument.asset_type);
  for (const spec of specs) {
    const value = spec.read(instrument, metrics);
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) return out.fill(Number.NaN);
    const at = 4 * COMPONENTS.indexOf(spec.component) + (spec.cost ? 2 : 0);
    out[at] = (out[at] as number) + spec.weight * applyCurve(spec.curve, value);
    out[at + 1] = (out[at + 1] as number) + spec.weight;
  }
  return out;
}

/** Weights of one asset type in one context, resolved once for a discovery run. */
export interface ScoringPlan {
  asset_type: AssetType;
  /** Multiplier of cost sub-scores inside their component (1, or 1.5 when costs matter more). */
  costMultiplier: number;
  /** Normalised component weights in COMPONENTS order. */
  componentWeight: Float64Array;
}

export function scoringPlan(assetType: AssetType, options: WeightOptions = {}): ScoringPlan {
  const costBoost = options.regime ? REGIME_ADJUSTMENTS[options.regime].cost_sensitivity_increased : false;
  const weights = componentWeights(assetType, options);
  return {
    asset_type: assetType,
    costMultiplier: costBoost ? COST_WEIGHT_MULTIPLIER : 1,
    componentWeight: Float64Array.from(COMPONENTS, (c: Component) => weights[c]),
  };
}

/** The unrounded final score from component sums; NaN when fewer than two components have
 * data (analyse raises InsufficientDataError) or an input was not finite (ScoringError). */
export function scoreFromSums(sums: ComponentSums, plan: ScoringPlan): number {
  const m = plan.costMultiplier;
  let total = 0;
  let wsum = 0;
  let present = 0;
  for (let c = 0; c < 4; c++) {
    const w = (sums[4 * c + 1] as number) + m * (sums[4 * c + 3] as number);
    if (w > 0) {
      const cw = plan.componentWeight[c] as number;
      total += (((sums[4 * c] as number) + m * (sums[4 * c + 2] as number)) / w) * cw;
      wsum += cw;
      present += 1;
    }
  }
  return present < 2 || Number.isNaN(total) ? Number.NaN : total / wsum;
}

/** The final score as `analyse` reports it (rounded to 4 digits), without a breakdown or a
 * rationale. With cached sums (`UniverseEntry.sums` of @disc/screening) use
 * `roundScore(scoreFromSums(sums, plan))` instead: that is O(1). */
export function quickScore(instrument: Instrument, metrics: PriceMetrics, plan: ScoringPlan): number {
  return roundScore(scoreFromSums(componentSums(instrument, metrics), plan));
}

export function roundScore(x: number): number {
  return Math.round(x * 10000) / 10000;
}
