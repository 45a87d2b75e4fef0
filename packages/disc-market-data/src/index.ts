// The public surface: the provider port, the snapshot format, the sample, file and live
// providers and their configuration. The HTTP clients, their mappers and the cache are
// internals, which this package's tests import relatively.
export type { MarketDataProvider, UniverseEntry } from './provider';
export { SNAPSHOT_SCHEMA } from './snapshot-schema';
export { parseSnapshot, type SnapshotFile, type SnapshotIssue } from './snapshot-format';
export { SnapshotProvider, SAMPLE_DATA_LABEL } from './snapshot-provider';
export { FileSnapshotProvider, SampleSnapshotProvider, SAMPLE_SNAPSHOT_PATH } from './file-provider';
export {
  deriveMarketContext,
  REGIME_RULES,
  type MarketSeries,
  type MonthlySeries,
  type ContextLabel,
} from './market-context';
export { LiveMarketDataProvider, type LiveProviderConfig, type LiveProviderHooks } from './live-provider';
export { createProviderFromConfig, type MarketDataConfig, type ProviderKind } from './create-provider';
export type { DataAge } from './data-age';
export { DEFAULT_UNIVERSE } from './default-universe';
export { parseUniverse, type UniverseConfig, type ListedEntry, type CoinEntry } from './universe';
export type { YahooOptions, HttpTuning } from './yahoo/client';
export type { CoinGeckoOptions, CoinGeckoPlan } from './coingecko/client';
export type { FredOptions } from './fred/client';
export type { SourceName, FailureReason } from './provider-error';
