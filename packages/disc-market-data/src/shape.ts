import { CodedError } from '@fin/errors';

/**
 * Reading untrusted provider JSON. Mappers are pure: they take a parsed body and return
 * our units, or throw ShapeError naming the JSON path that did not match, which the
 * adapter turns into a MarketDataError (reason `malformed`, or `not_found`).
 */
export const SHAPE_ERROR_CODES = ['MALFORMED', 'NOT_FOUND'] as const;
export type ShapeErrorCode = (typeof SHAPE_ERROR_CODES)[number];

/** The MarketDataError reason each code becomes. */
const SHAPE_ERROR_REASON = { MALFORMED: 'malformed', NOT_FOUND: 'not_found' } as const satisfies Record<
  ShapeErrorCode,
  string
>;

export class ShapeError extends CodedError<ShapeErrorCode> {
  override readonly name: string = 'ShapeError';
  /** The MarketDataError reason the adapter reports. */
  readonly reason: (typeof SHAPE_ERROR_REASON)[ShapeErrorCode];
  constructor(code: ShapeErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.reason = SHAPE_ERROR_REASON[code];
  }
}

export type Json = Record<string, unknown>;

export function isObject(x: unknown): x is Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function objectAt(x: unknown, path: string): Json {
  if (!isObject(x)) throw new ShapeError('MALFORMED', `${path} is not an object`);
  return x;
}

export function arrayAt(x: unknown, path: string): unknown[] {
  if (!Array.isArray(x)) throw new ShapeError('MALFORMED', `${path} is not an array`);
  return x;
}

/** A finite number, or undefined (null, missing, NaN, strings). */
export function finite(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

export function text(x: unknown): string | undefined {
  return typeof x === 'string' && x.trim() !== '' ? x : undefined;
}

/** Rounds away binary noise from unit conversions (0.0003 × 100 → 0.03, not 0.030000000000000002). */
export function tidy(x: number): number {
  return Number(x.toPrecision(12));
}

/** ISO date (YYYY-MM-DD) of an epoch-seconds timestamp shifted by a UTC offset in seconds. */
export function isoDateOfSeconds(seconds: number, utcOffsetSeconds = 0): string {
  return new Date((seconds + utcOffsetSeconds) * 1000).toISOString().slice(0, 10);
}

export function isWeekdayIso(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/**
 * Daily points → a PriceSeries with explicit dates: weekdays only (the scoring calendar
 * counts weekdays, see docs/data-format.md), one point per date (the last one wins, which
 * drops an intraday bar for today), positive values only (prices; yields may go below
 * zero), oldest first.
 */
export function dailySeries(
  points: Iterable<readonly [string, number]>,
  options: { allowNonPositive?: boolean } = {},
): { start: string; dates: string[]; closes: number[] } {
  const byDate = new Map<string, number>();
  for (const [date, value] of points) {
    if (Number.isFinite(value) && (options.allowNonPositive || value > 0) && isWeekdayIso(date))
      byDate.set(date, value);
  }
  const dates = [...byDate.keys()].sort();
  const closes = dates.map((d) => byDate.get(d) as number);
  return { start: dates[0] ?? '', dates, closes };
}
