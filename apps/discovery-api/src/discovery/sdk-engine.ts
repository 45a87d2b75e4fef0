import {
  InvestmentDiscoveryCrew,
  SampleSnapshotProvider,
  SnapshotProvider,
  type Assessment,
  type MarketDataProvider,
} from '@disc/discovery';
import { createProviderFromConfig, parseSnapshot } from '@disc/market-data';
import { componentsOf, monitorResult } from '@disc/monitoring';
import { reportedMarketContext } from '@disc/types';
import { marketDataConfigFromEnv } from '../market-data-config';
import { CriteriaMemo } from './criteria-memo';
import type { DiscoveryEngine } from './engine';
import type { EngineFactory } from './snapshot-engine-source';

export interface SdkEngineOptions {
  /** The provider's data never changes (a snapshot: the bundled sample, a file, a loaded
   * snapshot), so a symbol's scoring is kept for the rest of its UTC day (see assess). */
  immutableData?: boolean;
  clock?: () => Date;
}

/** The engine over `InvestmentDiscoveryCrew`: routes stay thin, the SDK does the work. */
export function sdkEngine(crew: InvestmentDiscoveryCrew, options: SdkEngineOptions = {}): DiscoveryEngine {
  const clock = options.clock ?? (() => new Date());
  // Scoring a symbol costs about half a millisecond of CPU, and GET /monitor of an unchanged
  // snapshot would score it again on every call. Over immutable data the result depends only
  // on the symbol and the day (the grade point's date), so it is memoised per (symbol, day);
  // the engine, and with it this memo, is replaced when a new snapshot is loaded. Only the
  // time of assessment is refreshed, so `last_updated` stays the time of the request.
  const memo = new Map<string, { day: string; assessment: Assessment | undefined }>();
  const assessed = async (symbol: string): Promise<Assessment | undefined> => {
    if (options.immutableData !== true) return crew.assess(symbol);
    const now = clock();
    const day = now.toISOString().slice(0, 10);
    const kept = memo.get(symbol);
    if (kept !== undefined && kept.day === day)
      return kept.assessment && { ...kept.assessment, assessed_at: now.toISOString() };
    const assessment = await crew.assess(symbol);
    // Unknown symbols are remembered too, but the memo is bounded: a flood of made-up
    // symbols must not grow it without limit.
    if (memo.size >= 10_000) memo.clear();
    memo.set(symbol, { day, assessment });
    return assessment;
  };
  // The criteria in force depend on the market context, which immutable data never changes.
  const criteria = options.immutableData === true ? new CriteriaMemo((type) => crew.criteria(type)) : undefined;
  return {
    discover: (assetType, body) => crew.discover(assetType, body),
    batchDiscover: (body) => crew.batchDiscover(body),
    criteria: (assetType) => criteria?.criteria(assetType, clock()) ?? crew.criteria(assetType),
    integrate: (body) => crew.integrateDiscoveries(body),
    assess: async (symbol) => {
      const assessment = await assessed(symbol.toUpperCase());
      if (assessment === undefined) return undefined;
      const { analysis } = assessment;
      return {
        symbol: assessment.symbol.toUpperCase(),
        asset_type: assessment.asset_type,
        point: assessment.point,
        components: componentsOf(analysis),
        monitorResult: (history) => ({
          ...monitorResult(assessment, history),
          symbol: assessment.symbol.toUpperCase(),
        }),
      };
    },
    instrument: async (symbol) => {
      const instrument = await crew.provider.getInstrument(symbol);
      if (instrument === undefined) return undefined;
      const context = await crew.provider.getMarketContext();
      const source = {
        as_of: context.as_of ?? null,
        data_source: context.data_source ?? crew.provider.name,
        sample: await crew.provider.isSample(),
      };
      return { instrument, source };
    },
    marketContext: async () => reportedMarketContext(await crew.provider.getMarketContext()),
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
    configured ??=
      options.env === undefined
        ? Promise.resolve(new SampleSnapshotProvider())
        : marketDataConfigFromEnv(options.env).then((config) => createProviderFromConfig(config));
    return configured;
  };
  return async (snapshot) => {
    const provider: MarketDataProvider =
      snapshot === undefined
        ? await configuredProvider()
        : new SnapshotProvider(parseSnapshot(snapshot, 'loaded snapshot'), { name: 'loaded snapshot' });
    const clock = options.clock === undefined ? {} : { clock: options.clock };
    // A loaded snapshot and the bundled sample never change under this engine (a file or live
    // provider may, so their scorings are not kept).
    const immutableData = provider instanceof SnapshotProvider || provider instanceof SampleSnapshotProvider;
    return sdkEngine(new InvestmentDiscoveryCrew({ provider, ...clock }), { immutableData, ...clock });
  };
}
