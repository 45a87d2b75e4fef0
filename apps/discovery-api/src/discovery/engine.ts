import type { Instrument, ReportedMarketContext } from '@disc/scoring';
import type { Alert, APlusAnalysis, AssetType, BatchDiscoverRequest, BatchDiscoveryResult, CriteriaResult, DiscoverRequest, DiscoveryResult, GradePoint, IntegrationPlan, IntegrationRequest, MonitorResult } from '@disc/discovery';

/** The seam between the HTTP layer and the discovery SDK (`@disc/discovery`): routes call
 * only this; sdk-engine.ts implements it with `InvestmentDiscoveryCrew`. Results are the
 * SDK's spec-shaped snake_case objects and pass through unchanged. */
export type { AssetType } from '@disc/discovery';
export const ASSET_TYPES: readonly AssetType[] = ['etf', 'stock', 'crypto'];

/** One scoring of one symbol (what monitor persists) and how to turn it, with the stored
 * history, into the spec's Monitor result. */
export interface SymbolAssessment {
  symbol: string;
  asset_type: AssetType;
  point: GradePoint;
  components: Record<string, number>;
  monitorResult(history: readonly GradePoint[]): MonitorResult;
}

/** A graded candidate of a discovery result, reduced to what the grade history keeps. */
export interface ScoredCandidate {
  symbol: string;
  asset_type: AssetType;
  grade: string;
  score: number;
  components: Record<string, number>;
}

export interface DiscoveryEngine {
  discover(assetType: AssetType, body: DiscoverRequest): Promise<DiscoveryResult>;
  batchDiscover(body: BatchDiscoverRequest): Promise<BatchDiscoveryResult>;
  criteria(assetType: AssetType): Promise<CriteriaResult>;
  integrate(body: IntegrationRequest): Promise<IntegrationPlan>;
  /** Scores one symbol now; undefined when the market data does not know it. */
  assess(symbol: string): Promise<SymbolAssessment | undefined>;
  /** A symbol's instrument with its daily closes, and where the data comes from;
   * undefined when the market data does not know it. */
  instrument(symbol: string): Promise<{ instrument: Instrument; source: DataSource } | undefined>;
  /** The market context the data gives now (as discovery results report it). */
  marketContext(): Promise<ReportedMarketContext>;
  /** Alerts and next review for a symbol the market data no longer has (history only). */
  alertsFromHistory(history: readonly GradePoint[], now: Date): { alerts: Alert[]; nextReviewDate(lastUpdated: string): string };
}

/** Where market data comes from: `sample` marks the bundled synthetic snapshot. */
export interface DataSource {
  as_of: string | null;
  data_source: string;
  sample: boolean;
}

/** The candidates of discovery results, for the grade history. */
export function scoredCandidates(results: readonly DiscoveryResult[]): ScoredCandidate[] {
  return results.flatMap((result) =>
    result.a_plus_candidates.map((analysis) => ({
      symbol: analysis.candidate.symbol.toUpperCase(),
      asset_type: analysis.candidate.asset_type,
      grade: analysis.final_grade,
      score: analysis.final_score ?? analysis.absolute_score ?? 0,
      components: componentsOf(analysis),
    })),
  );
}

/** The component scores and confidence stored with every score point. */
export function componentsOf(analysis: APlusAnalysis): Record<string, number> {
  return {
    fundamental: analysis.fundamental_score,
    technical: analysis.technical_score,
    quality: analysis.quality_score,
    risk: analysis.risk_score,
    confidence: analysis.confidence_level,
  };
}

/** Gives the engine in force: it changes when a new market-data snapshot is loaded. */
export interface EngineSource {
  current(): Promise<DiscoveryEngine>;
}

export function fixedEngine(engine: DiscoveryEngine): EngineSource {
  return { current: () => Promise.resolve(engine) };
}
