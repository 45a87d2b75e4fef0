import type { Route } from './fake-server';
import { LAST_TRADING_DAY, walk, weekdaysUntil } from './series';

export const FRED_TEST_KEY = 'abcdef0123456789abcdef0123456789';

/** One series: dates and FRED's string values ("." for a missing observation). */
export interface FredSeries {
  id: string;
  observations: [string, string][];
}

/** Daily series on weekdays with "." on the market holidays FRED leaves empty. */
export function dailyFredSeries(
  id: string,
  n: number,
  start: number,
  seed: number,
  vol: number,
  holidays: readonly string[] = ['2025-12-25', '2026-01-01', '2026-07-03'],
): FredSeries {
  const dates = weekdaysUntil(LAST_TRADING_DAY, n);
  const values = walk(n, start, seed, 0, vol);
  return { id, observations: dates.map((d, i) => [d, holidays.includes(d) ? '.' : (values[i] as number).toFixed(2)]) };
}

/** CPIAUCSL: monthly index values on the first of each month, rising ~0.25 % a month. */
export function cpiSeries(months: number, lastMonth = '2026-10', start = 310.326): FredSeries {
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const obs: [string, string][] = [];
  let value = start;
  for (let i = months - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    obs.push([`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`, value.toFixed(3)]);
    value *= 1.0025;
  }
  return { id: 'CPIAUCSL', observations: obs };
}

export function observationsBody(s: FredSeries, start: string): unknown {
  const obs = s.observations.filter(([d]) => d >= start);
  return {
    realtime_start: '2026-11-21',
    realtime_end: '2026-11-21',
    observation_start: start,
    observation_end: '9999-12-31',
    units: 'lin',
    output_type: 1,
    file_type: 'json',
    order_by: 'observation_date',
    sort_order: 'asc',
    count: obs.length,
    offset: 0,
    limit: 100000,
    observations: obs.map(([date, value]) => ({
      realtime_start: '2026-11-21',
      realtime_end: '2026-11-21',
      date,
      value,
    })),
  };
}

export const FRED_BAD_KEY = {
  error_code: 400,
  error_message:
    'Bad Request.  The value for variable api_key is not registered.  Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.',
};

/** FRED's observations endpoint: needs a registered api_key and file_type=json. */
export function fredRoute(series: readonly FredSeries[], apiKey = FRED_TEST_KEY): Route {
  const byId = new Map(series.map((s) => [s.id, s]));
  return (path, query) => {
    if (path !== '/fred/series/observations')
      return { status: 404, body: { error_code: 404, error_message: 'Not Found' } };
    if (query.get('api_key') !== apiKey) return { status: 400, body: FRED_BAD_KEY };
    const s = byId.get(query.get('series_id') ?? '');
    if (!s)
      return { status: 400, body: { error_code: 400, error_message: 'Bad Request.  The series does not exist.' } };
    return { body: observationsBody(s, query.get('observation_start') ?? '1776-07-04') };
  };
}

/** The three series the market context needs, with realistic levels. */
export function standardFredSeries(): FredSeries[] {
  return [dailyFredSeries('VIXCLS', 560, 16.5, 11, 0.04), dailyFredSeries('DGS10', 560, 4.25, 12, 0.01), cpiSeries(60)];
}
