import type { ComponentSums } from '@disc/scoring';
import type { AssetType, Instrument, MarketContext, PriceMetrics, PriceSeries } from '@disc/types';

/** An instrument with its price metrics and sub-score sums, computed once per snapshot.
 * Score it in any context in O(1) with `scoreFromSums(entry.sums, scoringPlan(...))`;
 * providers that do not cache sums leave them out (then use `componentSums(instrument,
 * metrics)`, or `quickScore`). */
export interface UniverseEntry {
  instrument: Instrument;
  metrics: PriceMetrics;
  sums?: ComponentSums;
}

/**
 * The port every market-data source implements (docs/decisions/0008-market-data-providers.md): the bundled
 * sample snapshot, a user's snapshot file, and live HTTP adapters in the app. Every method
 * rejects with MarketDataError when the source cannot answer.
 */
export interface MarketDataProvider {
  /** Human-readable name, e.g. "sample snapshot 2026-10-30 (SAMPLE DATA)". */
  readonly name: string;
  /** Changes whenever the underlying data changes; caches key on it. */
  snapshotId(): Promise<string>;
  /** True when the data is synthetic sample data. */
  isSample(): Promise<boolean>;
  listInstruments(assetType: AssetType): Promise<readonly Instrument[]>;
  /** Instruments of a type with their cached metrics, in one call (the discovery hot path). */
  universe(assetType: AssetType): Promise<readonly UniverseEntry[]>;
  /** Case-insensitive; undefined when the symbol is unknown. */
  getInstrument(symbol: string): Promise<Instrument | undefined>;
  /** Cached metrics of a symbol; undefined when the symbol is unknown. */
  metricsFor(symbol: string): Promise<PriceMetrics | undefined>;
  getMarketContext(): Promise<MarketContext>;
  getBenchmark(): Promise<PriceSeries>;
}
