import type { PriceSeries } from '@disc/types';
import { HttpClient } from '../http-client';
import type { HttpTuning } from '../yahoo/client';
import {
  describeCoinGeckoError,
  mapCoinDetail,
  mapMarketChart,
  mapMarkets,
  type CoinDetail,
  type CoinMarket,
} from './mapping';

export type CoinGeckoPlan = 'public' | 'demo' | 'pro';

export interface CoinGeckoOptions {
  /** Default https://api.coingecko.com, or https://pro-api.coingecko.com on the pro plan. */
  baseUrl?: string;
  apiKey?: string | undefined;
  /** Which header carries the key; default `demo` when a key is set, `public` without. */
  plan?: CoinGeckoPlan;
  /** Days of daily history; the public and demo plans allow at most 365. */
  historyDays?: number;
  requestsPerMinute?: number;
}

/** CoinGecko's documented rates: demo 30 calls/min, pro 500; keyless use is throttled harder. */
const RATES: Readonly<Record<CoinGeckoPlan, number>> = { public: 10, demo: 30, pro: 500 };

/** CoinGecko: market snapshot, daily history and launch date of coins. */
export class CoinGeckoClient {
  private readonly http: HttpClient;
  readonly historyDays: number;

  constructor(options: CoinGeckoOptions, tuning: HttpTuning) {
    const plan: CoinGeckoPlan = options.plan ?? (options.apiKey ? 'demo' : 'public');
    const headers: Record<string, string> = {};
    if (options.apiKey) headers[plan === 'pro' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = options.apiKey;
    this.historyDays = options.historyDays ?? (plan === 'pro' ? 1095 : 365);
    this.http = new HttpClient({
      ...tuning,
      source: 'coingecko',
      baseUrl: options.baseUrl ?? (plan === 'pro' ? 'https://pro-api.coingecko.com' : 'https://api.coingecko.com'),
      requestsPerMinute: options.requestsPerMinute ?? RATES[plan],
      headers,
      secrets: [options.apiKey],
      describeError: describeCoinGeckoError,
    });
  }

  markets(ids: readonly string[]): Promise<CoinMarket[]> {
    return this.http.getMapped(
      '/api/v3/coins/markets',
      { vs_currency: 'usd', ids: ids.join(','), per_page: 250, page: 1 },
      mapMarkets,
    );
  }

  history(id: string): Promise<PriceSeries> {
    const path = `/api/v3/coins/${encodeURIComponent(id)}/market_chart`;
    return this.http.getMapped(path, { vs_currency: 'usd', days: this.historyDays, interval: 'daily' }, mapMarketChart);
  }

  detail(id: string): Promise<CoinDetail> {
    const params = {
      localization: 'false',
      tickers: 'false',
      market_data: 'false',
      community_data: 'false',
      developer_data: 'false',
      sparkline: 'false',
    };
    return this.http.getMapped(`/api/v3/coins/${encodeURIComponent(id)}`, params, mapCoinDetail);
  }
}
