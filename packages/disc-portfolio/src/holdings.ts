import { minScoreFor } from '@disc/scoring';
import type { APlusAnalysis, Instrument } from '@disc/types';

/**
 * A current holding as the proposal maths sees it: its relative weight, and — when the
 * market data knows the symbol — the instrument and the final score it earns today.
 */
export interface HoldingView {
  symbol: string;
  /** Relative weight. Weights are normalised by their sum, so fractions (0.25) and
   * percentages (25) both work, as long as one portfolio uses one of them. */
  allocation: number;
  instrument?: Instrument;
  /** Final score 0..1 of the holding under the same criteria as the candidates. */
  final_score?: number;
}

/** A discovered candidate with the instrument behind it (for prices and expense ratio). */
export interface CandidateView {
  analysis: APlusAnalysis;
  instrument: Instrument;
}

/** Allocation classes of the contract's `target_allocation` (docs/decisions/0003-discovery-service-contract.md). */
export type AllocationBucket = 'stocks' | 'bonds' | 'alternatives';

const BOND_CATEGORY = /bond|treasur|fixed.?income|aggregate|muni|tips|credit|duration/i;
const ALTERNATIVE_CATEGORY = /commodit|gold|silver|metal|real.?estate|reit|alternative|infrastructure/i;

/**
 * Which `target_allocation` class an instrument belongs to: crypto is an alternative;
 * ETFs by their category (bond funds are bonds; commodity and real-estate funds are
 * alternatives); everything else is stocks.
 */
export function bucketOf(instrument: Pick<Instrument, 'asset_type' | 'etf'>): AllocationBucket {
  if (instrument.asset_type === 'crypto') return 'alternatives';
  if (instrument.asset_type === 'etf') {
    const category = instrument.etf?.category ?? '';
    if (BOND_CATEGORY.test(category)) return 'bonds';
    if (ALTERNATIVE_CATEGORY.test(category)) return 'alternatives';
  }
  return 'stocks';
}

/** Expense ratio in percent points; single stocks and coins have none. */
export function expenseRatioOf(instrument: Pick<Instrument, 'etf'> | undefined): number {
  return instrument?.etf?.expense_ratio ?? 0;
}

/** Weights normalised to sum to 1 (all zero when the total is not positive); negative
 * weights count as 0. Weights whose sum overflows to Infinity (two of 1e308) are divided by
 * the largest first, so any finite weights give the same result as the same weights scaled
 * down (1e308 and 1e308 normalise like 1 and 1). */
export function normaliseWeights(values: readonly number[]): number[] {
  let total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  if (total === Infinity) {
    const top = values.reduce((max, v) => Math.max(max, v), 0);
    if (Number.isFinite(top)) {
      const scaled = values.map((v) => Math.max(0, v) / top);
      total = scaled.reduce((sum, v) => sum + v, 0);
      return scaled.map((v) => v / total);
    }
  }
  return values.map((v) => (total > 0 ? Math.max(0, v) / total : 0));
}

/** Final score of an analysis: the explicit extra when present, else the grade's floor. */
export function finalScoreOf(analysis: APlusAnalysis): number {
  return analysis.final_score ?? minScoreFor(analysis.final_grade);
}
