import {
  InvestmentDiscoveryCrew,
  SampleSnapshotProvider,
  SnapshotProvider,
  alertsFromHistory,
  monitorResult as crewMonitor,
  nextReviewDate,
  type MarketDataProvider,
} from '@disc/discovery';
import { createProviderFromConfig } from '@disc/market-data';
import { reportedMarketContext } from '@disc/scoring';
import { parseSnapshot } from '@disc/screening';
import { componentsOf, type DiscoveryEngine } from './engine';
import type { EngineFactory } from './snapshot-engine-source';

/** The engine over `InvestmentDiscoveryCrew`: routes stay thin, the SDK does the work. */
export function sdkEngine(crew: InvestmentDiscoveryCrew): DiscoveryEngine {
  return {
    discover: (assetType, body) => crew.discover(assetType, body),
    batchDiscover: (body) => crew.batchDiscover(body),
    criteria: (assetType) => crew.criteria(assetType),
    integrate: (body) => crew.integrateDiscoveries(body),
    assess: async (symbol) => {
      const assessment = await crew.assess(symbol);
      if (assessment === undefined) return undefined;
      const { analysis } = assessment;
      return {
        symbol: assessment.symbol.toUpperCase(),
        asset_type: assessment.asset_type,
        point: assessment.point,
        components: componentsOf(analysis),
        monitorResult: (history) => ({ ...crewMonitor(assessment, history), symbol: assessment.symbol.toUpperCase() }),
      };
    },
    instrument: async (symbol) => {
      const instrument = await crew.provider.getInstrument(symbol);
      if (instrument === undefined) return undefined;
      const context = await crew.provider.getMarketContext();
      const source = { as_of: context.as_of ?? null, data_source: context.data_source ?? crew.provider.name, sample: await crew.provider.isSample() };
      return { instrument, source };
    },
    marketContext: async () => reportedMarketContext(await crew.provider.getMarketContext()),
    alertsFromHistory: (history, now) => {
      const current = history[history.length - 1];
      const alerts = current === undefined ? [] : alertsFromHistory(history.slice(0, -1), current, { now });
      return { alerts, nextReviewDate: (lastUpdated) => nextReviewDate(lastUpdated, alerts) };
    },
  };
}

export interface EngineFactoryOptions {
  clock?: () => Date;
  /** Selects the provider used while no snapshot is loaded (DISCOVERY_DATA_PROVIDER=sample,
   * file or live; docs/data-providers.md). Without it: the bundled sample. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Engines for the server: the newest snapshot loaded with `data load` wins (that is how
 * demos and tests move grades); without one, the configured provider. The configured
 * provider is built once, so a live provider keeps its cache (and answers from it, saying
 * how old it is, when an upstream fails) across snapshot checks. */
export function sdkEngineFactory(options: EngineFactoryOptions = {}): EngineFactory {
  let configured: Promise<MarketDataProvider> | undefined;
  const configuredProvider = (): Promise<MarketDataProvider> => {
    configured ??= options.env === undefined ? Promise.resolve(new SampleSnapshotProvider()) : createProviderFromConfig(options.env);
    return configured;
  };
  return async (snapshot) => {
    const provider: MarketDataProvider =
      snapshot === undefined ? await configuredProvider() : new SnapshotProvider(parseSnapshot(snapshot, 'loaded snapshot'), { name: 'loaded snapshot' });
    return sdkEngine(new InvestmentDiscoveryCrew({ provider, ...(options.clock === undefined ? {} : { clock: options.clock }) }));
  };
}
