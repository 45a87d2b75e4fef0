import { analyse, MIN_COMPONENTS, scoreBreakdown, type PeerIndex } from '@disc/scoring';
import {
  InsufficientDataError,
  type APlusAnalysis,
  type AssetType,
  type Instrument,
  type MarketContext,
  type PriceMetrics,
} from '@disc/types';
import { criteriaInForce, passesScreens, preliminaryScore, screen, type CriteriaInForce } from '@disc/screening';
import type { UniverseEntry } from '@disc/market-data';
import type { DiscoveryOptions } from './requests';
import { TopK } from './top-k';

export interface Ranked {
  analysis: APlusAnalysis;
  instrument: Instrument;
  metrics: PriceMetrics;
}

export interface CoreResult {
  candidates: Ranked[];
  inForce: CriteriaInForce;
  /** Instruments of the type that were screened. */
  screened: number;
  /** Instruments that passed every hard screen. */
  passed: number;
}

/**
 * The discovery hot path, pure: criteria in force → hard screens → final score → top k
 * above the floor → full analysis (rationale, confidence) of the k kept. Only the kept
 * ones pay for the screen report and the rationale; everything else costs an
 * allocation-free screen and, if it passes, one score breakdown: O(1) per instrument with
 * metrics cached by the provider, O(n log k) in all. With `peers` (peer grading) the score
 * ranked and floored is the peer percentile; building the index is the caller's (cached) job.
 */
export function discoverInUniverse(
  assetType: AssetType,
  universe: readonly UniverseEntry[],
  context: MarketContext,
  options: DiscoveryOptions,
  discoveryDate: string,
  peers?: PeerIndex,
): CoreResult {
  const inForce = criteriaInForce(assetType, context, {
    criteria: criteriaOverrides(assetType, options),
    riskTolerance: options.riskTolerance,
    at: '/custom_criteria',
  });
  const weightOptions = { regime: context.regime, riskTolerance: options.riskTolerance };
  const top = new TopK<UniverseEntry>(options.maxResults);
  let passed = 0;
  for (const entry of universe) {
    if (!passesScreens(entry.instrument, inForce.criteria, entry.metrics)) continue;
    passed++;
    const breakdown = scoreBreakdown(entry.instrument, entry.metrics, weightOptions);
    let present = 0;
    for (const c of Object.values(breakdown.components)) if (c.score !== null) present++;
    const absolute = Math.round(breakdown.final_score * 10_000) / 10_000;
    // Peer mode ranks and floors by the percentile analyse will report (same rounding).
    const score = peers
      ? Math.round(peers.percentile(peers.groupOf(entry.instrument), absolute) * 10_000) / 10_000
      : absolute;
    // Too thin to score (analyse would raise InsufficientDataError): not a candidate.
    if (present < MIN_COMPONENTS || score < options.minScore || !top.admits(score)) continue;
    top.offer(score, entry);
  }
  const candidates: Ranked[] = [];
  for (const entry of top.sorted()) {
    try {
      const screened = screen(entry.instrument, inForce.criteria, entry.metrics);
      const analysis = analyse(entry.instrument, entry.metrics, {
        context,
        riskTolerance: options.riskTolerance,
        preliminaryScore: preliminaryScore(screened),
        discoveryDate,
        ...(peers ? { peers } : {}),
      });
      candidates.push({ analysis, instrument: entry.instrument, metrics: entry.metrics });
    } catch (error) {
      if (!(error instanceof InsufficientDataError)) throw error;
    }
  }
  return { candidates, inForce, screened: universe.length, passed };
}

/**
 * Criteria the caller set: the custom_criteria members beyond the four options, plus
 * `regions` as `required_regions` for ETFs and stocks. Crypto networks are not bound to a
 * region, so `regions` does not filter them.
 */
export function criteriaOverrides(assetType: AssetType, options: DiscoveryOptions): Record<string, unknown> {
  const overrides = { ...options.overrides };
  if (options.regions && assetType !== 'crypto' && overrides.required_regions === undefined) {
    overrides.required_regions = [...new Set(options.regions)];
  }
  return overrides;
}
