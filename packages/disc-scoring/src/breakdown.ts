import { applyCurve, curveDirection } from './curves';
import { ScoringError } from '@disc/types';
import type { Unit } from './format';
import { COMPONENTS, type Component, type SubScoreSpec } from './subscore-spec';
import { subScoresFor } from './subscores';
import { componentSums, scoreFromSums, scoringPlan } from './quick-score';
import {
  COST_WEIGHT_MULTIPLIER,
  componentWeights,
  REGIME_ADJUSTMENTS,
  type ComponentWeights,
  type WeightOptions,
} from './weights';
import type { AssetType, Instrument, PriceMetrics } from '@disc/types';

export interface SubScoreResult {
  key: string;
  label: string;
  component: Component;
  unit: Unit;
  value: number | boolean;
  score: number;
  /** Weight inside its component after cost sensitivity, before renormalising over present ones. */
  weight: number;
  /** +1: higher is better, −1: lower is better, 0: neither (band). */
  direction: 1 | -1 | 0;
  reference?: { value: number; text: string };
}

export interface ComponentResult {
  component: Component;
  /** Weighted mean of the present sub-scores; null when none is present. */
  score: number | null;
  sub_scores: SubScoreResult[];
  missing: string[];
  /** Share of the component's sub-score weight that had data (0..1). */
  coverage: number;
}

export interface ScoreBreakdown {
  asset_type: AssetType;
  components: Record<Component, ComponentResult>;
  /** Normalised component weights after regime and risk tolerance. */
  weights: ComponentWeights;
  /** Weighted mean of the present components, renormalised over them (0 with fewer than two). */
  final_score: number;
}

/**
 * Every sub-score and component of one instrument. Pure and O(number of sub-scores).
 * Components without any data are left out of the final score (their weight is spread over
 * the others) and lower the confidence instead of failing.
 */
export function scoreBreakdown(
  instrument: Instrument,
  metrics: PriceMetrics,
  options: WeightOptions = {},
): ScoreBreakdown {
  const costBoost = options.regime ? REGIME_ADJUSTMENTS[options.regime].cost_sensitivity_increased : false;
  const components = {} as Record<Component, ComponentResult>;
  for (const c of COMPONENTS) components[c] = { component: c, score: null, sub_scores: [], missing: [], coverage: 0 };

  const totals = { fundamental: 0, quality: 0, technical: 0, risk: 0 };
  for (const spec of subScoresFor(instrument.asset_type)) {
    const weight = spec.weight * (costBoost && spec.cost ? COST_WEIGHT_MULTIPLIER : 1);
    totals[spec.component] += weight;
    const value = spec.read(instrument, metrics);
    const target = components[spec.component];
    if (value === null || value === undefined) {
      target.missing.push(spec.key);
      continue;
    }
    target.sub_scores.push(evaluate(instrument, spec, value, weight));
  }

  const weights = componentWeights(instrument.asset_type, options);
  for (const c of COMPONENTS) {
    const r = components[c];
    const present = r.sub_scores.reduce((s, x) => s + x.weight, 0);
    r.coverage = totals[c] > 0 ? present / totals[c] : 0;
    if (present > 0) r.score = r.sub_scores.reduce((s, x) => s + x.score * x.weight, 0) / present;
  }
  // The final score goes through the same arithmetic as the cached fast path, so a
  // discovery that ranks by `scoreFromSums` and explains with `analyse` agrees to the digit.
  const final = scoreFromSums(componentSums(instrument, metrics), scoringPlan(instrument.asset_type, options));
  return { asset_type: instrument.asset_type, components, weights, final_score: Number.isNaN(final) ? 0 : final };
}

function evaluate(instrument: Instrument, spec: SubScoreSpec, value: number | boolean, weight: number): SubScoreResult {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new ScoringError(`Cannot score ${instrument.symbol}: ${spec.label} is ${String(value)}`, {
      details: { symbol: instrument.symbol, sub_score: spec.key, value: String(value) },
    });
  }
  const result: SubScoreResult = {
    key: spec.key,
    label: spec.label,
    component: spec.component,
    unit: spec.unit,
    value,
    score: applyCurve(spec.curve, value),
    weight,
    direction: curveDirection(spec.curve),
  };
  if (spec.reference) result.reference = spec.reference;
  return result;
}

/** Components that had at least one sub-score. */
export function presentComponents(b: ScoreBreakdown): Component[] {
  return COMPONENTS.filter((c) => b.components[c].score !== null);
}
