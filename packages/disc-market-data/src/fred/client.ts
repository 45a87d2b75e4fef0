import type { MonthlySeries } from '../market-context';
import type { PriceSeries } from '@disc/types';
import { HttpClient } from '../http-client';
import type { HttpTuning } from '../yahoo/client';
import { describeFredError, inflationYoY, mapObservations, vixSeries, yieldSeries } from './mapping';

export interface FredOptions {
  /** Default https://api.stlouisfed.org */
  baseUrl?: string;
  /** Required by FRED; sent as the `api_key` query parameter and redacted from every error. */
  apiKey: string;
  /** FRED allows 120 requests a minute per key. */
  requestsPerMinute?: number;
}

/** FRED series the market context is read from. */
export const FRED_SERIES = Object.freeze({ vix: 'VIXCLS', treasury10y: 'DGS10', cpi: 'CPIAUCSL' });

/** FRED (Federal Reserve Bank of St. Louis): VIX, the 10-year yield and CPI. */
export class FredClient {
  private readonly http: HttpClient;
  private readonly apiKey: string;
  private readonly now: () => number;

  constructor(options: FredOptions, tuning: HttpTuning & { now?: () => number }) {
    this.apiKey = options.apiKey;
    this.now = tuning.now ?? Date.now;
    this.http = new HttpClient({
      ...tuning,
      source: 'fred',
      baseUrl: options.baseUrl ?? 'https://api.stlouisfed.org',
      requestsPerMinute: options.requestsPerMinute ?? 120,
      secrets: [options.apiKey],
      describeError: describeFredError,
    });
  }

  /** Two years of VIX closes (the regime reads 20- and 60-day means). */
  vix(): Promise<PriceSeries> {
    return this.observations(FRED_SERIES.vix, 2, (o) => vixSeries(mapObservations(o)));
  }

  /** Two years of 10-year yields as fractions (the trend compares with 6 months ago). */
  treasury10y(): Promise<PriceSeries> {
    return this.observations(FRED_SERIES.treasury10y, 2, (o) => yieldSeries(mapObservations(o)));
  }

  /** Inflation year over year; four years of the index give three years of changes. */
  inflation(): Promise<MonthlySeries> {
    return this.observations(FRED_SERIES.cpi, 4, (o) => inflationYoY(mapObservations(o)));
  }

  private observations<T>(seriesId: string, years: number, map: (body: unknown) => T): Promise<T> {
    const start = new Date(this.now());
    start.setUTCFullYear(start.getUTCFullYear() - years);
    return this.http.getMapped(
      '/fred/series/observations',
      {
        series_id: seriesId,
        api_key: this.apiKey,
        file_type: 'json',
        observation_start: start.toISOString().slice(0, 10),
      },
      map,
    );
  }
}
