import type { DiscoveryResult } from '@disc/types';
import {
  gradeChangePayload,
  newDiscoveryPayload,
  type GradeChangePayload,
  type NewDiscoveryPayload,
  type TopDiscovery,
} from '@disc/types';
import { scoreOfRecord, type ScorePoint } from './score-points';

/** What grade-change detection reads of a new score point. */
export type ScoredPoint = Pick<ScorePoint, 'symbol' | 'grade' | 'score'>;

/** The point before: only its grade and score matter (the symbol is the new point's). */
export type PreviousScorePoint = Pick<ScorePoint, 'grade' | 'score'> & { symbol?: string };

export interface DetectorOptions {
  /** The event's timestamp; defaults to the current time. */
  at?: Date;
}

/**
 * The `grade_change` event for a new score point, or undefined when the grade is the same
 * (or there is no earlier point to compare with).
 */
export function gradeChangeEvent(
  previous: PreviousScorePoint | undefined,
  next: ScoredPoint,
  options: DetectorOptions & { reason?: string } = {},
): GradeChangePayload | undefined {
  if (previous === undefined || previous.grade === next.grade) return undefined;
  return gradeChangePayload(
    {
      symbol: next.symbol,
      previous_grade: previous.grade,
      new_grade: next.grade,
      previous_score: previous.score,
      new_score: next.score,
      reason: options.reason ?? gradeChangeReason(previous, next),
    },
    options.at ?? new Date(),
  );
}

/** "upgraded from B+ to A- (score 0.812 → 0.861)": direction follows the score. */
export function gradeChangeReason(previous: PreviousScorePoint, next: ScoredPoint): string {
  const direction = next.score >= previous.score ? 'upgraded' : 'downgraded';
  return `${next.symbol} ${direction} from ${previous.grade} to ${next.grade} (score ${previous.score.toFixed(3)} → ${next.score.toFixed(3)})`;
}

/**
 * The `new_discovery` event for a discovery run, counting only A+ candidates whose symbol
 * the previous run of the same asset type did not have; undefined when there are none.
 * `top_discovery` is the highest-scoring new candidate (ties broken by symbol).
 */
export function newDiscoveryEvent(
  assetType: string,
  previousAPlusSymbols: Iterable<string>,
  currentAPlus: readonly TopDiscovery[],
  options: DetectorOptions = {},
): NewDiscoveryPayload | undefined {
  const seen = new Set(previousAPlusSymbols);
  const fresh = uniqueBySymbol(currentAPlus.filter((candidate) => !seen.has(candidate.symbol)));
  const top = [...fresh].sort((a, b) => b.score - a.score || a.symbol.localeCompare(b.symbol))[0];
  if (top === undefined) return undefined;
  return newDiscoveryPayload(
    { asset_type: assetType, discoveries_count: fresh.length, top_discovery: top },
    options.at ?? new Date(),
  );
}

/** The A+ candidates of a discovery result, as the `new_discovery` event names them. */
export function aPlusDiscoveriesOf(result: DiscoveryResult): TopDiscovery[] {
  return result.a_plus_candidates
    .filter((analysis) => analysis.final_grade === 'A+')
    .map((analysis) => ({
      symbol: analysis.candidate.symbol.toUpperCase(),
      name: analysis.candidate.name,
      score: scoreOfRecord(analysis),
      grade: analysis.final_grade,
    }));
}

function uniqueBySymbol(candidates: readonly TopDiscovery[]): TopDiscovery[] {
  const bySymbol = new Map<string, TopDiscovery>();
  for (const candidate of candidates) {
    if (!bySymbol.has(candidate.symbol)) bySymbol.set(candidate.symbol, candidate);
  }
  return [...bySymbol.values()];
}
