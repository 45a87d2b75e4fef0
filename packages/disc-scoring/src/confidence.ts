import { COMPONENTS } from './subscore-spec';
import type { ScoreBreakdown } from './breakdown';
import type { PriceMetrics } from '@disc/types';

export interface ConfidenceFactors {
  /** Share of the final weight whose sub-scores had data. */
  coverage: number;
  /** 1 with three or more years of prices, down to 0.6 with none. */
  history: number;
  /** 1 when the components agree, down to 0.5 when they scatter. */
  agreement: number;
  confidence: number;
}

export const FULL_HISTORY_YEARS = 3;

/**
 * Confidence = coverage × history × agreement. Falls with missing fields (coverage), short
 * price history, and disagreement between components (population standard deviation of
 * the component scores, sd: agreement = 1 − min(0.5, 1.2 × sd)).
 */
export function confidenceOf(b: ScoreBreakdown, metrics: PriceMetrics): ConfidenceFactors {
  let coverage = 0;
  const scores: number[] = [];
  for (const c of COMPONENTS) {
    const r = b.components[c];
    coverage += b.weights[c] * r.coverage;
    if (r.score !== null) scores.push(r.score);
  }
  const history = 0.6 + 0.4 * Math.min(1, metrics.history_years / FULL_HISTORY_YEARS);
  const mean = scores.reduce((s, x) => s + x, 0) / Math.max(1, scores.length);
  const sd = Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, scores.length));
  const agreement = 1 - Math.min(0.5, 1.2 * sd);
  const confidence = Math.min(1, Math.max(0, coverage * history * agreement));
  return { coverage, history, agreement, confidence };
}
