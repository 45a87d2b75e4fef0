import type { MarketDataProvider, UniverseEntry } from './provider';
import type { SnapshotFile } from './snapshot-format';
import { SnapshotProvider } from './snapshot-provider';
import type { AssetType, Instrument, MarketContext, PriceMetrics, PriceSeries } from '@disc/types';
import { assembleSnapshot, type Assembled } from './assemble';
import type { CoinGeckoOptions } from './coingecko/client';
import { dataAgeOf, describeSource, type DataAge } from './data-age';
import type { FredOptions } from './fred/client';
import { LiveSources } from './sources';
import { normaliseUniverse, type Universe, type UniverseConfig } from './universe';
import type { YahooOptions } from './yahoo/client';

export interface LiveProviderConfig {
  universe: UniverseConfig;
  /** Yahoo symbol of the benchmark (betas, regime). Default SPY. */
  benchmark?: string;
  yahoo?: YahooOptions;
  coingecko?: CoinGeckoOptions;
  fred: FredOptions;
  /** How long answers are reused before they are fetched again. Default 15 minutes. */
  cacheTtlMs?: number;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx or a network error. Default 3. */
  retries?: number;
  retryBaseDelayMs?: number;
  /** Longest single wait, a Retry-After included. Default 30 s. */
  retryMaxDelayMs?: number;
}

/** Clock, waiting and jitter, injected by tests. */
export interface LiveProviderHooks {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

interface Generation {
  provider: SnapshotProvider;
  assembled: Assembled;
  builtAt: number;
}

/**
 * Live market data from Yahoo Finance, CoinGecko and FRED behind the MarketDataProvider
 * port. The answers are assembled into a snapshot in the documented format and served by a
 * SnapshotProvider, so metrics and market context are computed exactly as for a file. The
 * snapshot is rebuilt once the TTL has passed; a source that fails then is served from its
 * last good answer (see `dataAge()`), and only data never fetched gives MarketDataError.
 */
export class LiveMarketDataProvider implements MarketDataProvider {
  readonly name = 'live market data (Yahoo Finance, CoinGecko, FRED)';
  private readonly sources: LiveSources;
  private readonly universeList: Universe;
  private readonly benchmark: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private generation: Generation | undefined;
  private building: Promise<Generation> | undefined;

  constructor(config: LiveProviderConfig, hooks: LiveProviderHooks = {}) {
    this.now = hooks.now ?? Date.now;
    this.ttlMs = config.cacheTtlMs ?? 15 * 60_000;
    this.benchmark = config.benchmark ?? 'SPY';
    this.universeList = normaliseUniverse(config.universe);
    const retry = {
      retries: config.retries ?? 3,
      ...(config.retryBaseDelayMs === undefined ? {} : { baseDelayMs: config.retryBaseDelayMs }),
      ...(config.retryMaxDelayMs === undefined ? {} : { maxDelayMs: config.retryMaxDelayMs }),
    };
    const tuning = {
      timeoutMs: config.timeoutMs ?? 10_000,
      retry,
      now: this.now,
      ...(hooks.sleep ? { sleep: hooks.sleep } : {}),
      ...(hooks.random ? { random: hooks.random } : {}),
    };
    this.sources = new LiveSources({
      yahoo: config.yahoo ?? {},
      coingecko: config.coingecko ?? {},
      fred: config.fred,
      cacheTtlMs: this.ttlMs,
      tuning,
      now: this.now,
    });
  }

  /** Fetches again now (answers younger than the TTL are reused); true when the data changed. */
  async reload(): Promise<boolean> {
    const before = this.generation ? await this.generation.provider.snapshotId() : '';
    if (this.generation) this.generation = { ...this.generation, builtAt: -Infinity };
    return (await (await this.current()).provider.snapshotId()) !== before;
  }

  /** How old the data in use is, which answers are stale, and what was left out. */
  async dataAge(): Promise<DataAge> {
    const g = await this.current();
    return dataAgeOf(g.assembled.snapshot.as_of, g.assembled.pieces, g.assembled.notes, this.now());
  }

  /** The data in force as a snapshot file (docs/data-format.md), e.g. to export or archive it. */
  async snapshot(): Promise<SnapshotFile> {
    return (await this.current()).assembled.snapshot;
  }

  async snapshotId(): Promise<string> {
    return (await this.current()).provider.snapshotId();
  }
  async isSample(): Promise<boolean> {
    return false;
  }
  async listInstruments(t: AssetType): Promise<readonly Instrument[]> {
    return (await this.available(t)).listInstruments(t);
  }
  async universe(t: AssetType): Promise<readonly UniverseEntry[]> {
    return (await this.available(t)).universe(t);
  }
  async getInstrument(symbol: string): Promise<Instrument | undefined> {
    const g = await this.current();
    return (await g.provider.getInstrument(symbol)) ?? this.unknownOrUnavailable(g);
  }

  async metricsFor(symbol: string): Promise<PriceMetrics | undefined> {
    const g = await this.current();
    return (await g.provider.metricsFor(symbol)) ?? this.unknownOrUnavailable(g);
  }
  async getBenchmark(): Promise<PriceSeries> {
    return (await this.current()).provider.getBenchmark();
  }

  async getMarketContext(): Promise<MarketContext> {
    const g = await this.current();
    const age = dataAgeOf(g.assembled.snapshot.as_of, g.assembled.pieces, g.assembled.notes, this.now());
    return { ...(await g.provider.getMarketContext()), data_source: describeSource(age), sample: false };
  }

  /** A symbol we do not have is unknown (undefined → 404), unless a whole asset type could not
   * be fetched: then it may be one of those, and the answer is the source's failure (→ 503). */
  private unknownOrUnavailable(g: Generation): undefined {
    const failure = Object.values(g.assembled.unavailable)[0];
    if (failure) throw failure;
    return undefined;
  }

  /** The snapshot provider of an asset type, or the MarketDataError that made it unavailable. */
  private async available(t: AssetType): Promise<SnapshotProvider> {
    const g = await this.current();
    const failure = g.assembled.unavailable[t];
    if (failure) throw failure;
    return g.provider;
  }

  private current(): Promise<Generation> {
    const g = this.generation;
    if (g && this.now() - g.builtAt < this.ttlMs) return Promise.resolve(g);
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<Generation> {
    const builtAt = this.now();
    try {
      const assembled = await assembleSnapshot(this.sources, this.universeList, this.benchmark, builtAt);
      const { generator: _generator, ...content } = assembled.snapshot;
      const id = `live-${SnapshotProvider.hashOf(JSON.stringify(content))}`;
      this.generation = {
        provider: new SnapshotProvider(assembled.snapshot, { name: this.name, id }),
        assembled,
        builtAt,
      };
      return this.generation;
    } catch (error) {
      // The market series were never fetched, or a bug: an older generation is still better than nothing.
      if (this.generation) return this.generation;
      throw error;
    }
  }
}
