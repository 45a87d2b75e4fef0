import { HttpClient } from '../http-client';
import { failureReasonOf } from '../provider-error';
import { isObject, text } from '../shape';
import { mapChart, type YahooChart } from './chart';
import { mapQuoteSummary, QUOTE_SUMMARY_MODULES, type YahooProfile } from './quote-summary';
import { YahooSession } from './session';

export interface YahooOptions {
  /** Default https://query1.finance.yahoo.com */
  baseUrl?: string;
  /** History to request; `5y` gives the three years the metrics need with room. */
  range?: string;
  /** Yahoo publishes no quota; about 60 requests a minute stays clear of its 429s. */
  requestsPerMinute?: number;
  /** Extra headers (a `Cookie` from a browser session, a `User-Agent`). */
  headers?: Record<string, string>;
  /** A crumb matching a `Cookie` header, sent as `crumb=` on quoteSummary. Without one, a
   * session is opened automatically (see `cookieUrl`). */
  crumb?: string;
  /** Where the session cookie comes from; default https://fc.yahoo.com. `off` disables sessions. */
  cookieUrl?: string;
}

/** Yahoo answers browsers; a plain client User-Agent is refused more often. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export const YAHOO_DEFAULT_BASE_URL = 'https://query1.finance.yahoo.com';

export type HttpTuning = Pick<
  ConstructorParameters<typeof HttpClient>[0],
  'timeoutMs' | 'retry' | 'sleep' | 'random' | 'now' | 'maxConcurrent'
>;

/** Yahoo Finance: chart history and quoteSummary fundamentals. */
export class YahooClient {
  private readonly http: HttpClient;
  private readonly range: string;
  private readonly crumb: string | undefined;
  private readonly session: YahooSession | undefined;

  constructor(options: YahooOptions, tuning: HttpTuning) {
    this.range = options.range ?? '5y';
    this.crumb = options.crumb;
    const baseUrl = options.baseUrl ?? YAHOO_DEFAULT_BASE_URL;
    if (options.crumb === undefined && options.cookieUrl !== 'off') {
      this.session = new YahooSession({
        cookieUrl: options.cookieUrl ?? 'https://fc.yahoo.com',
        baseUrl,
        timeoutMs: tuning.timeoutMs,
        userAgent: USER_AGENT,
      });
    }
    this.http = new HttpClient({
      ...tuning,
      source: 'yahoo',
      baseUrl,
      requestsPerMinute: options.requestsPerMinute ?? 60,
      headers: { 'User-Agent': USER_AGENT, ...options.headers },
      secrets: [options.crumb, options.headers?.Cookie],
      describeError: describeYahooError,
    });
  }

  chart(symbol: string): Promise<YahooChart> {
    const path = `/v8/finance/chart/${encodeURIComponent(symbol)}`;
    return this.http.getMapped(path, { range: this.range, interval: '1d', events: 'div,split' }, (b) =>
      mapChart(b, symbol),
    );
  }

  async quoteSummary(symbol: string): Promise<YahooProfile> {
    try {
      return await this.quoteSummaryOnce(symbol);
    } catch (error) {
      // "401 Invalid Crumb": the session expired; open a new one and ask once more.
      if (!this.session || failureReasonOf(error) !== 'rejected') throw error;
      this.session.invalidate();
      return this.quoteSummaryOnce(symbol);
    }
  }

  private async quoteSummaryOnce(symbol: string): Promise<YahooProfile> {
    const path = `/v10/finance/quoteSummary/${encodeURIComponent(symbol)}`;
    const params: Record<string, string> = { modules: QUOTE_SUMMARY_MODULES };
    const headers: Record<string, string> = {};
    const credentials = this.session ? await this.session.get() : undefined;
    if (this.crumb !== undefined) params.crumb = this.crumb;
    else if (credentials) {
      params.crumb = credentials.crumb;
      headers.Cookie = credentials.cookie;
    }
    return this.http.getMapped(path, params, (b) => mapQuoteSummary(b, symbol), headers);
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
