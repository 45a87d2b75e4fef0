import type { SnapshotFile } from '@disc/screening';
import { MarketDataError, type AssetType, type Instrument } from '@disc/scoring';
import { cryptoInstrument, etfInstrument, stockInstrument, type Built } from './instruments';
import { failureReasonOf } from './provider-error';
import type { LiveSources } from './sources';
import type { Cached } from './stale-cache';
import { trackingError } from './tracking-error';
import type { CoinEntry, ListedEntry, Universe } from './universe';

/** One answer the snapshot was built from: what, when it was fetched, and whether it is an
 * older copy served because the refresh failed. */
export interface Piece { what: string; fetchedAt: number; stale: boolean; error?: string }

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
export async function assembleSnapshot(sources: LiveSources, universe: Universe, benchmark: string, nowMs: number): Promise<Assembled> {
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
    sources.chart(benchmark), sources.vix(), sources.treasury10y(), sources.inflation(),
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
  const ctx: Ctx = { sources, use, notes, asOfMs: Date.parse(`${asOf}T00:00:00Z`), benchmark };
  const [etf, stock, crypto] = await Promise.all([
    Promise.all(universe.etf.map((e) => listed(ctx, e, 'etf'))),
    Promise.all(universe.stock.map((e) => listed(ctx, e, 'stock'))),
    coins(ctx, universe.crypto),
  ]);
  const instruments: Instrument[] = [];
  const unavailable: Assembled['unavailable'] = {};
  for (const [type, results] of [['etf', etf], ['stock', stock], ['crypto', crypto]] as const) {
    const built = results.filter((r): r is Built => !(r instanceof Error));
    for (const b of built) {
      instruments.push(b.instrument);
      notes.push(...b.notes);
    }
    const failure = results.find((r): r is MarketDataError => r instanceof MarketDataError && failureReasonOf(r) !== 'not_found');
    if (built.length === 0 && failure) unavailable[type] = failure;
  }
  const snapshot: SnapshotFile = {
    format: 'disc-snapshot', version: 1, sample: false,
    description: `Live market data from Yahoo Finance, CoinGecko and FRED`,
    as_of: asOf,
    generator: { provider: '@disc/market-data', built_at: new Date(nowMs).toISOString() },
    market,
    instruments: dedupe(instruments, notes),
  };
  return { snapshot, pieces, notes, unavailable };
}

interface Ctx {
  sources: LiveSources;
  use: <T>(what: string, c: Cached<T>) => T;
  notes: string[];
  asOfMs: number;
  benchmark: string;
}

async function listed(ctx: Ctx, entry: ListedEntry, type: 'etf' | 'stock'): Promise<Built | Error> {
  const { sources, use } = ctx;
  const [chart, profile] = await Promise.allSettled([sources.chart(entry.symbol), sources.profile(entry.symbol)]);
  if (chart.status === 'rejected') return skip(ctx, entry.symbol, chart.reason);
  const c = use(`Yahoo Finance chart ${entry.symbol}`, chart.value);
  let p;
  if (profile.status === 'fulfilled') p = use(`Yahoo Finance quoteSummary ${entry.symbol}`, profile.value);
  else ctx.notes.push(`${entry.symbol}: fundamentals unavailable (${messageOf(profile.reason)})`);
  if (type === 'stock') return stockInstrument(entry, c, p);
  let te: number | undefined;
  const indexSymbol = entry.tracking_index ?? ctx.benchmark;
  if (entry.tracking_error === undefined && indexSymbol.toUpperCase() === entry.symbol.toUpperCase()) {
    ctx.notes.push(`${entry.symbol}: is the benchmark, so its tracking error cannot be measured against it; set tracking_index or tracking_error`);
  } else if (entry.tracking_error === undefined) {
    try {
      te = trackingError(c.prices, use(`Yahoo Finance chart ${indexSymbol}`, await sources.chart(indexSymbol)).prices);
      if (entry.tracking_index === undefined && te !== undefined) {
        ctx.notes.push(`${entry.symbol}: tracking error measured against the benchmark ${ctx.benchmark} (no tracking_index configured)`);
      }
    } catch (error) {
      ctx.notes.push(`${entry.symbol}: index ${indexSymbol} unavailable for tracking error (${messageOf(error)})`);
    }
  }
  return etfInstrument(entry, c, p, te, ctx.asOfMs);
}

async function coins(ctx: Ctx, entries: readonly CoinEntry[]): Promise<(Built | Error)[]> {
  if (entries.length === 0) return [];
  let markets;
  try {
    markets = ctx.use('CoinGecko markets', await ctx.sources.coinMarkets(entries.map((e) => e.id)));
  } catch (error) {
    return [asError(error)];
  }
  return Promise.all(entries.map(async (entry) => {
    const market = markets.find((m) => m.id === entry.id);
    if (!market) {
      ctx.notes.push(`${entry.id}: not listed by CoinGecko markets; check the CoinGecko id`);
      return new Error(`unknown coin ${entry.id}`);
    }
    const [history, detail] = await Promise.allSettled([ctx.sources.coinHistory(entry.id), ctx.sources.coinDetail(entry.id)]);
    const h = history.status === 'fulfilled' ? ctx.use(`CoinGecko market_chart ${entry.id}`, history.value) : undefined;
    const d = detail.status === 'fulfilled' ? ctx.use(`CoinGecko coin ${entry.id}`, detail.value) : undefined;
    if (history.status === 'rejected') ctx.notes.push(`${entry.id}: price history unavailable (${messageOf(history.reason)})`);
    if (detail.status === 'rejected') ctx.notes.push(`${entry.id}: coin details unavailable (${messageOf(detail.reason)})`);
    return cryptoInstrument(entry, market, h, d, ctx.asOfMs);
  }));
}

function skip(ctx: Ctx, symbol: string, error: unknown): Error {
  ctx.notes.push(failureReasonOf(error) === 'not_found'
    ? `${symbol}: unknown to Yahoo Finance; left out`
    : `${symbol}: left out (${messageOf(error)})`);
  return asError(error);
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

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
