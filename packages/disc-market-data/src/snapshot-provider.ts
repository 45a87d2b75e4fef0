import { createHash } from 'node:crypto';
import { componentSums, computeMetrics, emptyMetrics, indexBenchmark, type BenchmarkIndex } from '@disc/scoring';
import {
  ASSET_TYPES,
  type AssetType,
  type Instrument,
  type MarketContext,
  type PriceMetrics,
  type PriceSeries,
} from '@disc/types';
import { deriveMarketContext } from './market-context';
import type { MarketDataProvider, UniverseEntry } from './provider';
import type { SnapshotFile } from './snapshot-format';

export const SAMPLE_DATA_LABEL = 'SAMPLE DATA (synthetic snapshot, not live market data)';

/**
 * Serves one in-memory snapshot. Metrics are computed once per instrument (lazily, per asset
 * type on first use) with the snapshot's benchmark and risk-free rate, then cached, so a
 * discovery run only scores. Build one from a parsed file, or from objects in tests and
 * benchmarks.
 */
export class SnapshotProvider implements MarketDataProvider {
  readonly name: string;
  private readonly id: string;
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly byType = new Map<AssetType, Instrument[]>();
  private readonly universes = new Map<AssetType, UniverseEntry[]>();
  private readonly metrics = new Map<string, PriceMetrics>();
  private context?: MarketContext;
  private bench?: BenchmarkIndex;

  constructor(
    readonly snapshot: SnapshotFile,
    options: { name?: string; id?: string } = {},
  ) {
    this.name = options.name ?? `snapshot ${snapshot.as_of}${snapshot.sample ? ' (SAMPLE DATA)' : ''}`;
    this.id = options.id ?? `${snapshot.as_of}:${snapshot.instruments.length}`;
    for (const t of ASSET_TYPES) this.byType.set(t, []);
    for (const inst of snapshot.instruments) {
      this.bySymbol.set(inst.symbol.toUpperCase(), inst);
      this.byType.get(inst.asset_type)?.push(inst);
    }
  }

  /** A content hash, for providers that reload files. */
  static hashOf(text: string): string {
    return createHash('sha256').update(text).digest('hex').slice(0, 16);
  }

  async snapshotId(): Promise<string> {
    return this.id;
  }

  async isSample(): Promise<boolean> {
    return this.snapshot.sample;
  }

  async listInstruments(assetType: AssetType): Promise<readonly Instrument[]> {
    return this.byType.get(assetType) ?? [];
  }

  async universe(assetType: AssetType): Promise<readonly UniverseEntry[]> {
    return this.universeSync(assetType);
  }

  async getInstrument(symbol: string): Promise<Instrument | undefined> {
    return this.bySymbol.get(symbol.toUpperCase());
  }

  async metricsFor(symbol: string): Promise<PriceMetrics | undefined> {
    const inst = this.bySymbol.get(symbol.toUpperCase());
    return inst ? this.metricsOf(inst) : undefined;
  }

  async getMarketContext(): Promise<MarketContext> {
    return this.contextSync();
  }

  async getBenchmark(): Promise<PriceSeries> {
    return this.snapshot.market.benchmark.prices;
  }

  /** Synchronous access for callers that already hold the provider (benchmarks, tests). */
  universeSync(assetType: AssetType): readonly UniverseEntry[] {
    let u = this.universes.get(assetType);
    if (!u) {
      u = (this.byType.get(assetType) ?? []).map((instrument) => {
        const metrics = this.metricsOf(instrument);
        return { instrument, metrics, sums: componentSums(instrument, metrics) };
      });
      this.universes.set(assetType, u);
    }
    return u;
  }

  contextSync(): MarketContext {
    if (!this.context) {
      const s = this.snapshot;
      this.context = deriveMarketContext(
        { ...s.market, benchmark: s.market.benchmark.prices },
        {
          as_of: s.as_of,
          data_source: s.sample ? SAMPLE_DATA_LABEL : this.name,
          sample: s.sample,
        },
      );
    }
    return this.context;
  }

  private metricsOf(inst: Instrument): PriceMetrics {
    let m = this.metrics.get(inst.symbol);
    if (!m) {
      this.bench ??= indexBenchmark(this.snapshot.market.benchmark.prices);
      m =
        inst.prices && inst.prices.closes.length > 1
          ? computeMetrics(inst.prices, this.bench, { riskFree: this.contextSync().risk_free_rate ?? 0 })
          : emptyMetrics();
      this.metrics.set(inst.symbol, m);
    }
    return m;
  }
}
