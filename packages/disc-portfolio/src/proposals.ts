import {
  bucketOf,
  finalScoreOf,
  normaliseWeights,
  type AllocationBucket,
  type CandidateView,
  type HoldingView,
} from './holdings';
import { evaluateChange, type EvaluatedChange } from './improvement';
import type { PortfolioImprovement } from '@disc/types';
import type { TransactionCostModel } from './transaction-costs';

/** The discovery request carries weights but no money; proposals are priced on this
 * notional portfolio unless the caller passes its real value. */
export const DEFAULT_NOTIONAL_PORTFOLIO_VALUE = 100_000;

/** An allocation class is "under target" when it is at least this far (in weight) below
 * its target share; smaller drifts are not worth trading. */
export const TARGET_ALLOCATION_TOLERANCE = 0.05;

export interface ProposalInput {
  holdings: readonly HoldingView[];
  candidates: readonly CandidateView[];
  /** The spec's `target_allocation` ({ stocks, bonds, alternatives }); normalised by its sum. */
  targetAllocation?: Partial<Record<AllocationBucket, number>>;
  portfolioValue?: number;
  riskFreeRate?: number;
  costModel?: TransactionCostModel;
}

/** A replacement must beat the holding's final score by at least a tenth of a grade band;
 * smaller differences are within the noise of the data. */
export const MIN_SCORE_GAIN = 0.005;

const BUCKETS: readonly AllocationBucket[] = ['stocks', 'bonds', 'alternatives'];

/**
 * Replacement proposals for a portfolio:
 * - each scored holding gets at most one replacement: the candidate of the same asset type
 *   and allocation class, not already held, with a final score at least MIN_SCORE_GAIN higher, whose change brings
 *   the largest first-year benefit;
 * - each allocation class that is under its target by the tolerance or more gets one
 *   addition (`current_holding: null`) of the best candidate of that class, sized to the gap.
 * Sorted by priority (1 first), then by benefit.
 */
export function proposeImprovements(input: ProposalInput): PortfolioImprovement[] {
  const options = {
    portfolioValue: input.portfolioValue ?? DEFAULT_NOTIONAL_PORTFOLIO_VALUE,
    ...(input.riskFreeRate !== undefined ? { riskFreeRate: input.riskFreeRate } : {}),
    ...(input.costModel !== undefined ? { costModel: input.costModel } : {}),
  };
  const held = new Set(input.holdings.map((h) => h.symbol.toUpperCase()));
  const fresh = input.candidates.filter((c) => !held.has(c.instrument.symbol.toUpperCase()));
  const proposals: EvaluatedChange[] = [];

  for (const holding of input.holdings) {
    const instrument = holding.instrument;
    const score = holding.final_score;
    if (instrument === undefined || score === undefined) continue;
    const pool = fresh.filter(
      (c) =>
        c.instrument.asset_type === instrument.asset_type &&
        bucketOf(c.instrument) === bucketOf(instrument) &&
        finalScoreOf(c.analysis) >= score + MIN_SCORE_GAIN,
    );
    const best = bestOf(pool.map((c) => evaluateChange(input.holdings, holding, c, options)));
    if (best) proposals.push(best);
  }

  if (input.targetAllocation) {
    const target = normaliseWeights(BUCKETS.map((b) => input.targetAllocation?.[b] ?? 0));
    const weights = normaliseWeights(input.holdings.map((h) => h.allocation));
    BUCKETS.forEach((bucket, b) => {
      const current = input.holdings.reduce(
        (sum, h, i) => sum + (bucketOf(h.instrument ?? { asset_type: 'stock' }) === bucket ? (weights[i] ?? 0) : 0),
        0,
      );
      const gap = (target[b] ?? 0) - current;
      if (gap < TARGET_ALLOCATION_TOLERANCE) return;
      const pool = fresh.filter((c) => bucketOf(c.instrument) === bucket);
      const best = bestOf(pool.map((c) => evaluateChange(input.holdings, null, c, { ...options, addWeight: gap })));
      if (best) proposals.push(best);
    });
  }

  return proposals
    .sort(
      (a, b) => a.improvement.implementation_priority - b.improvement.implementation_priority || b.benefit - a.benefit,
    )
    .map((p) => p.improvement);
}

function bestOf(changes: readonly EvaluatedChange[]): EvaluatedChange | undefined {
  let best: EvaluatedChange | undefined;
  for (const c of changes) if (best === undefined || c.benefit > best.benefit) best = c;
  return best;
}
