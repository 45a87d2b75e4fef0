import type { MonthlySeries } from './market-context';
import type { PriceSeries } from '@disc/types';
import { CoinGeckoClient, type CoinGeckoOptions } from './coingecko/client';
import type { CoinDetail, CoinMarket } from './coingecko/mapping';
import { FredClient, type FredOptions } from './fred/client';
import { StaleCache, type Cached } from './stale-cache';
import type { YahooChart } from './yahoo/chart';
import { YahooClient, type HttpTuning, type YahooOptions } from './yahoo/client';
import type { YahooProfile } from './yahoo/quote-summary';

export interface SourcesOptions {
  yahoo: YahooOptions;
  coingecko: CoinGeckoOptions;
  fred: FredOptions;
  cacheTtlMs: number;
  tuning: HttpTuning;
  now: () => number;
}

/**
 * Every request the live provider makes, each behind the TTL cache under its own key, so
 * that one failing request falls back to that piece's last good answer and the rest of the
 * picture stays current. Each answer comes back with when it was fetched and whether it is
 * stale.
 */
export class LiveSources {
  readonly yahoo: YahooClient;
  readonly coingecko: CoinGeckoClient;
  readonly fred: FredClient;
  private readonly cache: StaleCache;

  constructor(options: SourcesOptions) {
    this.yahoo = new YahooClient(options.yahoo, options.tuning);
    this.coingecko = new CoinGeckoClient(options.coingecko, options.tuning);
    this.fred = new FredClient(options.fred, { ...options.tuning, now: options.now });
    this.cache = new StaleCache({ ttlMs: options.cacheTtlMs, now: options.now });
  }

  chart(symbol: string): Promise<Cached<YahooChart>> {
    return this.cache.get(`yahoo:chart:${symbol}`, () => this.yahoo.chart(symbol));
  }

  profile(symbol: string): Promise<Cached<YahooProfile>> {
    return this.cache.get(`yahoo:quoteSummary:${symbol}`, () => this.yahoo.quoteSummary(symbol));
  }

  coinMarkets(ids: readonly string[]): Promise<Cached<CoinMarket[]>> {
    return this.cache.get(`coingecko:markets:${ids.join(',')}`, () => this.coingecko.markets(ids));
  }

  coinHistory(id: string): Promise<Cached<PriceSeries>> {
    return this.cache.get(`coingecko:history:${id}`, () => this.coingecko.history(id));
  }

  coinDetail(id: string): Promise<Cached<CoinDetail>> {
    return this.cache.get(`coingecko:coin:${id}`, () => this.coingecko.detail(id));
  }

  vix(): Promise<Cached<PriceSeries>> {
    return this.cache.get('fred:VIXCLS', () => this.fred.vix());
  }

  treasury10y(): Promise<Cached<PriceSeries>> {
    return this.cache.get('fred:DGS10', () => this.fred.treasury10y());
  }

  inflation(): Promise<Cached<MonthlySeries>> {
    return this.cache.get('fred:CPIAUCSL', () => this.fred.inflation());
  }
}
