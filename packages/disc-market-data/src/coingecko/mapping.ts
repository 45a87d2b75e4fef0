import type { PriceSeries } from '@disc/types';
import { arrayAt, dailySeries, finite, isObject, objectAt, ShapeError, text } from '../shape';

/** One row of `GET /api/v3/coins/markets`. Money in USD. */
export interface CoinMarket {
  id: string;
  symbol: string; // upper case, e.g. BTC
  name: string;
  price: number;
  marketCap: number | null; // CoinGecko's 0 means unknown → null
  volume24h: number;
  rank: number | undefined;
}

/** `GET /api/v3/coins/markets?vs_currency=usd&ids=…` → rows; rows without a price are dropped. */
export function mapMarkets(body: unknown): CoinMarket[] {
  const rows = arrayAt(body, '$');
  const out: CoinMarket[] = [];
  rows.forEach((row, i) => {
    const r = objectAt(row, `$[${i}]`);
    const id = text(r.id);
    const price = finite(r.current_price);
    if (id === undefined || price === undefined || !(price > 0)) return;
    const cap = finite(r.market_cap);
    out.push({
      id,
      symbol: (text(r.symbol) ?? id).toUpperCase(),
      name: text(r.name) ?? id,
      price,
      marketCap: cap !== undefined && cap > 0 ? cap : null,
      volume24h: finite(r.total_volume) ?? 0,
      rank: finite(r.market_cap_rank),
    });
  });
  return out;
}

/**
 * `GET /api/v3/coins/{id}/market_chart` → daily USD closes. Timestamps are **milliseconds**;
 * the last point is "now" rather than midnight, so it replaces that day's close. Crypto
 * trades every day, but the scoring calendar counts weekdays, so weekends are dropped.
 */
export function mapMarketChart(body: unknown): PriceSeries {
  const prices = arrayAt(objectAt(body, '$').prices, '$.prices');
  const points: [string, number][] = [];
  for (const p of prices) {
    if (!Array.isArray(p)) continue;
    const ms = finite(p[0]);
    const price = finite(p[1]);
    if (ms !== undefined && price !== undefined) points.push([new Date(ms).toISOString().slice(0, 10), price]);
  }
  const series = dailySeries(points);
  if (series.closes.length < 2)
    throw new ShapeError(
      'MALFORMED',
      `$.prices has ${series.closes.length} usable daily prices; at least 2 are needed`,
    );
  return series;
}

/** What `GET /api/v3/coins/{id}` adds: launch date and category. */
export interface CoinDetail {
  genesisDate: string | undefined; // YYYY-MM-DD; CoinGecko often sends null
  category: string | undefined;
}

export function mapCoinDetail(body: unknown): CoinDetail {
  const b = objectAt(body, '$');
  const genesis = text(b.genesis_date);
  const categories = Array.isArray(b.categories)
    ? b.categories.map(text).filter((c): c is string => c !== undefined)
    : [];
  return {
    genesisDate: genesis !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(genesis) ? genesis : undefined,
    category: categories[0],
  };
}

/** Whole months from `date` (YYYY-MM-DD) to `nowMs`; 0 for a future date. */
export function monthsSince(date: string, nowMs: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const now = new Date(nowMs);
  let months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
  if (now.getUTCDate() < d) months -= 1;
  return Math.max(0, months);
}

/** CoinGecko errors: `{error: "coin not found"}`, `{status: {error_code, error_message}}`
 * (429) or `{error: {status: {error_code, error_message}}}` (plan limits). */
export function describeCoinGeckoError(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  if (typeof body.error === 'string') return body.error;
  const status = isObject(body.error) ? body.error.status : body.status;
  return isObject(status) ? text(status.error_message) : undefined;
}
