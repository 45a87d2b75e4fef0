import { HttpClient } from '../http-client';
import { isObject, text } from '../shape';
import { mapChart, type YahooChart } from './chart';
import { mapQuoteSummary, QUOTE_SUMMARY_MODULES, type YahooProfile } from './quote-summary';

export interface YahooOptions {
  /** Default https://query1.finance.yahoo.com */
  baseUrl?: string;
  /** History to request; `5y` gives the three years the metrics need with room. */
  range?: string;
  /** Yahoo publishes no quota; about 60 requests a minute stays clear of its 429s. */
  requestsPerMinute?: number;
  /** Extra headers (a `Cookie` from a browser session, a `User-Agent`). */
  headers?: Record<string, string>;
  /** A crumb matching the cookie, sent as `crumb=` on quoteSummary (Yahoo asks for one since 2023). */
  crumb?: string;
}

export const YAHOO_DEFAULT_BASE_URL = 'https://query1.finance.yahoo.com';

export type HttpTuning = Pick<ConstructorParameters<typeof HttpClient>[0], 'timeoutMs' | 'retry' | 'sleep' | 'random' | 'now' | 'maxConcurrent'>;

/** Yahoo Finance: chart history and quoteSummary fundamentals. */
export class YahooClient {
  private readonly http: HttpClient;
  private readonly range: string;
  private readonly crumb: string | undefined;

  constructor(options: YahooOptions, tuning: HttpTuning) {
    this.range = options.range ?? '5y';
    this.crumb = options.crumb;
    this.http = new HttpClient({
      ...tuning,
      source: 'yahoo',
      baseUrl: options.baseUrl ?? YAHOO_DEFAULT_BASE_URL,
      requestsPerMinute: options.requestsPerMinute ?? 60,
      headers: options.headers ?? {},
      secrets: [options.crumb, options.headers?.Cookie],
      describeError: describeYahooError,
    });
  }

  chart(symbol: string): Promise<YahooChart> {
    const path = `/v8/finance/chart/${encodeURIComponent(symbol)}`;
    return this.http.getMapped(path, { range: this.range, interval: '1d', events: 'div,split' }, (b) => mapChart(b, symbol));
  }

  quoteSummary(symbol: string): Promise<YahooProfile> {
    const path = `/v10/finance/quoteSummary/${encodeURIComponent(symbol)}`;
    const params: Record<string, string> = { modules: QUOTE_SUMMARY_MODULES };
    if (this.crumb !== undefined) params.crumb = this.crumb;
    return this.http.getMapped(path, params, (b) => mapQuoteSummary(b, symbol));
  }
}

/** Yahoo errors come as `{chart|quoteSummary|finance: {result: null, error: {code, description}}}`. */
export function describeYahooError(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  for (const key of ['chart', 'quoteSummary', 'finance']) {
    const wrapper = body[key];
    if (isObject(wrapper) && isObject(wrapper.error)) {
      const e = wrapper.error;
      return [text(e.code), text(e.description)].filter(Boolean).join(': ') || undefined;
    }
  }
  return undefined;
}
