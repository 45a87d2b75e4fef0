import type { AssetType, GradePoint, Instrument, MonitorResult, ReportedMarketContext } from '@disc/types';
import type {
  BatchDiscoverRequest,
  BatchDiscoveryResult,
  CriteriaResult,
  DiscoverRequest,
  DiscoveryResult,
  IntegrationPlan,
  IntegrationRequest,
} from '@disc/discovery';

/** The seam between the HTTP layer and the discovery SDK (`@disc/discovery`): routes call
 * only this; sdk-engine.ts implements it with `InvestmentDiscoveryCrew`. Results are the
 * SDK's spec-shaped snake_case objects and pass through unchanged. */
export type { AssetType } from '@disc/types';

/** One scoring of one symbol (what monitor persists) and how to turn it, with the stored
 * history, into the Monitor result of docs/decisions/0003-discovery-service-contract.md. */
export interface SymbolAssessment {
  symbol: string;
  asset_type: AssetType;
  point: GradePoint;
  components: Record<string, number>;
  monitorResult(history: readonly GradePoint[]): MonitorResult;
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
}

/** Where market data comes from: `sample` marks the bundled synthetic snapshot. */
export interface DataSource {
  as_of: string | null;
  data_source: string;
  sample: boolean;
}

/** Gives the engine in force: it changes when a new market-data snapshot is loaded. */
export interface EngineSource {
  current(): Promise<DiscoveryEngine>;
}

export function fixedEngine(engine: DiscoveryEngine): EngineSource {
  return { current: () => Promise.resolve(engine) };
}
