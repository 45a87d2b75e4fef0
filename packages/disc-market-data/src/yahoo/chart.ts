import type { PriceSeries } from '@disc/types';
import { arrayAt, dailySeries, finite, isObject, isoDateOfSeconds, objectAt, ShapeError, text, tidy } from '../shape';

/** What a Yahoo chart answer tells us about one symbol. */
export interface YahooChart {
  symbol: string;
  currency: string | undefined;
  /** Yahoo's `instrumentType`: `ETF`, `EQUITY`, `CRYPTOCURRENCY`, `INDEX`, … */
  instrumentType: string | undefined;
  name: string | undefined;
  /** Latest price (meta.regularMarketPrice), else the last close. */
  price: number;
  /** YYYY-MM-DD of the first trade, when Yahoo knows it. */
  firstTradeDate: string | undefined;
  /** Daily closes, adjusted for splits and dividends when Yahoo sends `adjclose`. */
  prices: PriceSeries;
}

/**
 * Maps `GET /v8/finance/chart/{symbol}?range=5y&interval=1d`. Timestamps are Unix seconds
 * at the bar's open; `meta.gmtoffset` (seconds) places them on the exchange's calendar day.
 * Closes may be `null` (no trade that day); those bars are dropped.
 */
export function mapChart(body: unknown, requested: string): YahooChart {
  const chart = objectAt(objectAt(body, '$').chart, '$.chart');
  if (isObject(chart.error)) {
    const e = chart.error;
    const description = text(e.description) ?? text(e.code) ?? 'error';
    throw new ShapeError(e.code === 'Not Found' ? 'NOT_FOUND' : 'MALFORMED', `chart for ${requested}: ${description}`);
  }
  const result = arrayAt(chart.result, '$.chart.result');
  const r = objectAt(result[0], '$.chart.result[0]');
  const meta = objectAt(r.meta, '$.chart.result[0].meta');
  const offset = finite(meta.gmtoffset) ?? 0;
  const timestamps = r.timestamp === undefined ? [] : arrayAt(r.timestamp, '$.chart.result[0].timestamp');
  const indicators = objectAt(r.indicators, '$.chart.result[0].indicators');
  const closes = closesOf(indicators, timestamps.length);
  const points: [string, number][] = [];
  timestamps.forEach((t, i) => {
    const ts = finite(t);
    const close = finite(closes[i]);
    if (ts !== undefined && close !== undefined) points.push([isoDateOfSeconds(ts, offset), close]);
  });
  // London quotes in pence (GBp), Johannesburg in cents (ZAc): prices move to the main unit.
  const minorUnit = MINOR_UNITS[text(meta.currency) ?? ''];
  const scale = minorUnit === undefined ? 1 : 100;
  const prices = dailySeries(points.map(([d, c]) => [d, tidy(c / scale)] as const));
  const last = prices.closes[prices.closes.length - 1];
  const quoted = finite(meta.regularMarketPrice);
  const price = quoted === undefined ? last : tidy(quoted / scale);
  if (price === undefined || !(price > 0)) throw new ShapeError('MALFORMED', `chart for ${requested} has no price`);
  const first = finite(meta.firstTradeDate);
  return {
    symbol: text(meta.symbol) ?? requested,
    currency: minorUnit ?? text(meta.currency)?.toUpperCase(),
    instrumentType: text(meta.instrumentType),
    name: text(meta.longName) ?? text(meta.shortName),
    price,
    firstTradeDate: first === undefined ? undefined : isoDateOfSeconds(first, offset),
    prices,
  };
}

const MINOR_UNITS: Readonly<Record<string, string>> = { GBp: 'GBP', GBX: 'GBP', ZAc: 'ZAR', ILA: 'ILS' };

/** Adjusted closes when present and complete, else raw closes. */
function closesOf(indicators: Record<string, unknown>, n: number): unknown[] {
  const adj =
    Array.isArray(indicators.adjclose) && isObject(indicators.adjclose[0])
      ? indicators.adjclose[0].adjclose
      : undefined;
  if (Array.isArray(adj) && adj.length === n) return adj;
  const quote = arrayAt(indicators.quote, '$.chart.result[0].indicators.quote');
  const close = objectAt(quote[0], '$.chart.result[0].indicators.quote[0]').close;
  return n === 0 && close === undefined ? [] : arrayAt(close, '$.chart.result[0].indicators.quote[0].close');
}
