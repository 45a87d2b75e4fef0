import { cryptoInstrument, etfInstrument, stockInstrument, type Built } from './instruments';
import { failureReasonOf } from './provider-error';
import type { LiveSources } from './sources';
import type { Cached } from './stale-cache';
import { trackingError } from './tracking-error';
import type { CoinEntry, ListedEntry } from './universe';

/** What the fetchers share: the sources, the record of answers used, the notes, the data's date. */
export interface FetchContext {
  sources: LiveSources;
  use: <T>(what: string, c: Cached<T>) => T;
  notes: string[];
  asOfMs: number;
  benchmark: string;
}

/** A built instrument, or the error that kept it out (a MarketDataError when a source failed). */
export type Fetched = Built | Error;

/**
 * An ETF or stock from Yahoo: the chart is required, the quoteSummary is not (without it the
 * instrument is scored from prices). ETFs also fetch their index to measure tracking error.
 */
export async function fetchListed(ctx: FetchContext, entry: ListedEntry, type: 'etf' | 'stock'): Promise<Fetched> {
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
    ctx.notes.push(
      `${entry.symbol}: is the benchmark, so its tracking error cannot be measured against it; set tracking_index or tracking_error`,
    );
  } else if (entry.tracking_error === undefined) {
    try {
      te = trackingError(c.prices, use(`Yahoo Finance chart ${indexSymbol}`, await sources.chart(indexSymbol)).prices);
      if (entry.tracking_index === undefined && te !== undefined) {
        ctx.notes.push(
          `${entry.symbol}: tracking error measured against the benchmark ${ctx.benchmark} (no tracking_index configured)`,
        );
      }
    } catch (error) {
      ctx.notes.push(`${entry.symbol}: index ${indexSymbol} unavailable for tracking error (${messageOf(error)})`);
    }
  }
  return etfInstrument(entry, c, p, te, ctx.asOfMs);
}

/** Coins from CoinGecko: one markets call for all, then history and details per coin. */
export async function fetchCoins(ctx: FetchContext, entries: readonly CoinEntry[]): Promise<Fetched[]> {
  if (entries.length === 0) return [];
  let markets;
  try {
    markets = ctx.use('CoinGecko markets', await ctx.sources.coinMarkets(entries.map((e) => e.id)));
  } catch (error) {
    return [asError(error)];
  }
  return Promise.all(
    entries.map(async (entry) => {
      const market = markets.find((m) => m.id === entry.id);
      if (!market) {
        ctx.notes.push(`${entry.id}: not listed by CoinGecko markets; check the CoinGecko id`);
        return new Error(`unknown coin ${entry.id}`);
      }
      const [history, detail] = await Promise.allSettled([
        ctx.sources.coinHistory(entry.id),
        ctx.sources.coinDetail(entry.id),
      ]);
      const h =
        history.status === 'fulfilled' ? ctx.use(`CoinGecko market_chart ${entry.id}`, history.value) : undefined;
      const d = detail.status === 'fulfilled' ? ctx.use(`CoinGecko coin ${entry.id}`, detail.value) : undefined;
      if (history.status === 'rejected')
        ctx.notes.push(`${entry.id}: price history unavailable (${messageOf(history.reason)})`);
      if (detail.status === 'rejected')
        ctx.notes.push(`${entry.id}: coin details unavailable (${messageOf(detail.reason)})`);
      return cryptoInstrument(entry, market, h, d, ctx.asOfMs);
    }),
  );
}

function skip(ctx: FetchContext, symbol: string, error: unknown): Error {
  ctx.notes.push(
    failureReasonOf(error) === 'not_found'
      ? `${symbol}: unknown to Yahoo Finance; left out`
      : `${symbol}: left out (${messageOf(error)})`,
  );
  return asError(error);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
