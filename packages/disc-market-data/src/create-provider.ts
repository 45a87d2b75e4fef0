import { FileSnapshotProvider, SampleSnapshotProvider } from './file-provider';
import { LiveMarketDataProvider, type LiveProviderConfig, type LiveProviderHooks } from './live-provider';
import type { MarketDataProvider } from './provider';

export type ProviderKind = 'sample' | 'file' | 'live';

/** Which provider to build and its settings. An app reads them from wherever it keeps its
 * configuration (the API reads environment variables: docs/data-providers.md). */
export type MarketDataConfig =
  { provider: 'sample' } | { provider: 'file'; file: string } | { provider: 'live'; live: LiveProviderConfig };

/**
 * The provider a configuration names: `sample` (the bundled SAMPLE DATA), `file` (a snapshot
 * file in the documented format) or `live` (Yahoo Finance, CoinGecko, FRED).
 */
export function createProviderFromConfig(config: MarketDataConfig, hooks: LiveProviderHooks = {}): MarketDataProvider {
  switch (config.provider) {
    case 'sample':
      return new SampleSnapshotProvider();
    case 'file':
      return new FileSnapshotProvider(config.file);
    case 'live':
      return new LiveMarketDataProvider(config.live, hooks);
  }
}
