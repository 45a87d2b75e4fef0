import type { MonthlySeries } from '../market-context';
import type { PriceSeries } from '@disc/types';
import { arrayAt, dailySeries, isObject, objectAt, ShapeError, text, tidy } from '../shape';

/**
 * `GET /fred/series/observations?file_type=json` → `[date, value]` pairs. FRED sends every
 * value as a string and `"."` for a missing observation (a market holiday); those are
 * dropped here.
 */
export function mapObservations(body: unknown): [string, number][] {
  const rows = arrayAt(objectAt(body, '$').observations, '$.observations');
  const out: [string, number][] = [];
  rows.forEach((row, i) => {
    const o = objectAt(row, `$.observations[${i}]`);
    const date = text(o.date);
    const value = text(o.value);
    if (date === undefined || value === undefined || value.trim() === '.') return;
    const n = Number(value);
    if (!Number.isFinite(n)) throw new ShapeError('MALFORMED', `$.observations[${i}].value '${value}' is not a number`);
    out.push([date, n]);
  });
  return out;
}

/** VIXCLS: daily closes in index points, unchanged. */
export function vixSeries(observations: readonly [string, number][]): PriceSeries {
  return needTwo(dailySeries(observations), 'VIXCLS');
}

/** DGS10: the 10-year Treasury yield in percent (4.25) → a fraction (0.0425). */
export function yieldSeries(observations: readonly [string, number][]): PriceSeries {
  return needTwo(
    dailySeries(
      observations.map(([d, v]) => [d, tidy(v / 100)] as const),
      { allowNonPositive: true },
    ),
    'DGS10',
  );
}

/**
 * CPIAUCSL: a monthly price index (1982-84 = 100) → inflation year over year as a fraction,
 * index(m) / index(m − 12) − 1. The result covers the latest run of consecutive months.
 */
export function inflationYoY(observations: readonly [string, number][]): MonthlySeries {
  const index = new Map<string, number>();
  for (const [date, v] of observations) index.set(date.slice(0, 7), v);
  const months = [...index.keys()].sort();
  const values: number[] = [];
  let start = '';
  for (const month of months) {
    const base = index.get(shiftMonth(month, -12));
    if (base === undefined || !(base > 0)) {
      values.length = 0;
      start = '';
      continue;
    }
    if (start === '') start = month;
    else if (shiftMonth(start, values.length) !== month) {
      values.length = 0;
      start = month;
    }
    values.push(tidy((index.get(month) as number) / base - 1));
  }
  if (values.length === 0)
    throw new ShapeError('MALFORMED', 'CPIAUCSL: no month has the index of 12 months earlier; ask for more history');
  return { start, values };
}

/** `YYYY-MM` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** FRED errors: HTTP 400 with `{error_code: 400, error_message: "Bad Request. …"}`. */
export function describeFredError(body: unknown): string | undefined {
  return isObject(body) ? text(body.error_message) : undefined;
}

function needTwo(series: PriceSeries, id: string): PriceSeries {
  if (series.closes.length < 2)
    throw new ShapeError('MALFORMED', `${id}: ${series.closes.length} usable observations; at least 2 are needed`);
  return series;
}
