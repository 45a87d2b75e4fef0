import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  MarketDataError,
  type AssetType,
  type Instrument,
  type MarketContext,
  type PriceMetrics,
  type PriceSeries,
} from '@disc/types';
import type { MarketDataProvider, UniverseEntry } from './provider';
import { parseSnapshot } from './snapshot-format';
import { SnapshotProvider } from './snapshot-provider';

/**
 * Serves a snapshot file in the documented format (docs/data-format.md). The file is read
 * and validated on first use; `reload()` re-reads it, and `snapshotId()` changes when its
 * content does, so callers can re-score after the user replaces the file.
 */
export class FileSnapshotProvider implements MarketDataProvider {
  readonly name: string;
  private current?: Promise<SnapshotProvider>;

  constructor(
    readonly path: string,
    name?: string,
  ) {
    this.name = name ?? `file ${basename(path)}`;
  }

  /** Re-reads the file; resolves true when its content changed. */
  async reload(): Promise<boolean> {
    const before = this.current
      ? await this.current.then(
          (p) => p.snapshotId(),
          () => '',
        )
      : '';
    this.current = this.load();
    return (await (await this.current).snapshotId()) !== before;
  }

  /** The loaded snapshot (for synchronous access to its caches). */
  async provider(): Promise<SnapshotProvider> {
    this.current ??= this.load();
    return this.current;
  }

  async snapshotId(): Promise<string> {
    return (await this.provider()).snapshotId();
  }
  async isSample(): Promise<boolean> {
    return (await this.provider()).isSample();
  }
  async listInstruments(t: AssetType): Promise<readonly Instrument[]> {
    return (await this.provider()).listInstruments(t);
  }
  async universe(t: AssetType): Promise<readonly UniverseEntry[]> {
    return (await this.provider()).universe(t);
  }
  async getInstrument(symbol: string): Promise<Instrument | undefined> {
    return (await this.provider()).getInstrument(symbol);
  }
  async metricsFor(symbol: string): Promise<PriceMetrics | undefined> {
    return (await this.provider()).metricsFor(symbol);
  }
  async getMarketContext(): Promise<MarketContext> {
    return (await this.provider()).getMarketContext();
  }
  async getBenchmark(): Promise<PriceSeries> {
    return (await this.provider()).getBenchmark();
  }

  private async load(): Promise<SnapshotProvider> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (cause) {
      throw new MarketDataError(`Cannot read snapshot file ${this.path}: ${(cause as Error).message}`, {
        cause,
        details: { source: this.path },
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new MarketDataError(`Snapshot file ${this.path} is not valid JSON: ${(cause as Error).message}`, {
        cause,
        details: { source: this.path },
      });
    }
    const snapshot = parseSnapshot(json, this.path);
    const name = snapshot.sample ? `${this.name} (SAMPLE DATA)` : this.name;
    return new SnapshotProvider(snapshot, { name, id: SnapshotProvider.hashOf(text) });
  }
}

/** Where the bundled sample snapshot lives: its own data package, @disc/sample-snapshot. */
export const SAMPLE_SNAPSHOT_PATH = require.resolve('@disc/sample-snapshot/sample-snapshot.json');

/** The bundled sample snapshot: synthetic SAMPLE DATA that works offline. */
export class SampleSnapshotProvider extends FileSnapshotProvider {
  constructor() {
    super(SAMPLE_SNAPSHOT_PATH, 'sample snapshot');
  }
}
