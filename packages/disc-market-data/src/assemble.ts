import type { SnapshotFile } from './snapshot-format';
import { MarketDataError, type AssetType, type Instrument } from '@disc/types';
import { fetchCoins, fetchListed, messageOf, type FetchContext } from './fetch-instruments';
import type { Built } from './instruments';
import { failureReasonOf } from './provider-error';
import type { LiveSources } from './sources';
import type { Cached } from './stale-cache';
import type { Universe } from './universe';

/** One answer the snapshot was built from: what, when it was fetched, and whether it is an
 * older copy served because the refresh failed. */
export interface Piece {
  what: string;
  fetchedAt: number;
  stale: boolean;
  error?: string;
}

export interface Assembled {
  snapshot: SnapshotFile;
  pieces: Piece[];
  /** What the user should know: symbols skipped, fundamentals missing, estimates made. */
  notes: string[];
  /** Asset types none of whose instruments could be fetched, with the reason. */
  unavailable: Partial<Record<AssetType, MarketDataError>>;
}

/**
 * Fetches everything the universe needs and builds a snapshot in the documented format
 * (docs/data-format.md), so the live provider scores exactly like the file provider. The
 * market series are required: without them (and no cached copy) this rejects with
 * MarketDataError. An instrument that cannot be fetched is left out with a note.
 */
export async function assembleSnapshot(
  sources: LiveSources,
  universe: Universe,
  benchmark: string,
  nowMs: number,
): Promise<Assembled> {
  const pieces: Piece[] = [];
  const notes: string[] = [];
  const used = new Set<string>();
  const use = <T>(what: string, c: Cached<T>): T => {
    if (used.has(what)) return c.value;
    used.add(what);
    pieces.push({ what, fetchedAt: c.fetchedAt, stale: c.stale, ...(c.stale ? { error: messageOf(c.error) } : {}) });
    return c.value;
  };
  const [bench, vix, treasury, cpi] = await Promise.all([
    sources.chart(benchmark),
    sources.vix(),
    sources.treasury10y(),
    sources.inflation(),
  ]);
  const benchChart = use(`Yahoo Finance chart ${benchmark}`, bench);
  const market: SnapshotFile['market'] = {
    benchmark: { symbol: benchmark, name: benchChart.name ?? benchmark, prices: benchChart.prices },
    vix: use('FRED VIXCLS', vix),
    treasury_10y: use('FRED DGS10', treasury),
    cpi_yoy: use('FRED CPIAUCSL', cpi),
  };
  const benchDates = benchChart.prices.dates ?? [];
  const asOf = benchDates[benchDates.length - 1] ?? new Date(nowMs).toISOString().slice(0, 10);
  // Ages (fund history, coin age) are measured at the data's date, not the wall clock, so
  // the same answers always give the same snapshot (and snapshotId).
  const ctx: FetchContext = { sources, use, notes, asOfMs: Date.parse(`${asOf}T00:00:00Z`), benchmark };
  const [etf, stock, crypto] = await Promise.all([
    Promise.all(universe.etf.map((e) => fetchListed(ctx, e, 'etf'))),
    Promise.all(universe.stock.map((e) => fetchListed(ctx, e, 'stock'))),
    fetchCoins(ctx, universe.crypto),
  ]);
  const instruments: Instrument[] = [];
  const unavailable: Assembled['unavailable'] = {};
  for (const [type, results] of [
    ['etf', etf],
    ['stock', stock],
    ['crypto', crypto],
  ] as const) {
    const built = results.filter((r): r is Built => !(r instanceof Error));
    for (const b of built) {
      instruments.push(b.instrument);
      notes.push(...b.notes);
    }
    const failure = results.find(
      (r): r is MarketDataError => r instanceof MarketDataError && failureReasonOf(r) !== 'not_found',
    );
    if (built.length === 0 && failure) unavailable[type] = failure;
  }
  const snapshot: SnapshotFile = {
    format: 'disc-snapshot',
    version: 1,
    sample: false,
    description: `Live market data from Yahoo Finance, CoinGecko and FRED`,
    as_of: asOf,
    generator: { provider: '@disc/market-data', built_at: new Date(nowMs).toISOString() },
    market,
    instruments: dedupe(instruments, notes),
  };
  return { snapshot, pieces, notes, unavailable };
}

/** A symbol listed twice (e.g. in two asset types) keeps its first occurrence. */
function dedupe(instruments: Instrument[], notes: string[]): Instrument[] {
  const seen = new Set<string>();
  return instruments.filter((i) => {
    const key = i.symbol.toUpperCase();
    if (!seen.has(key)) {
      seen.add(key);
      return true;
    }
    notes.push(`${i.symbol}: listed twice; the first entry is used`);
    return false;
  });
}
