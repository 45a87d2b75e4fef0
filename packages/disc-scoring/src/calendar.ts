/**
 * Business-day calendar for compact price series. A snapshot stores a start date and one
 * close per weekday (holidays carry the previous close), so the i-th close falls on the
 * i-th weekday from the start. Day numbers let two series be aligned by arithmetic.
 */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 (UTC) of an ISO date. */
export function epochDay(isoDate: string): number {
  const ms = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO date: '${isoDate}'`);
  return Math.floor(ms / MS_PER_DAY);
}

export function isoFromEpochDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 1970-01-01 was a Thursday; weekday index with Monday = 0. */
function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Count of weekdays from the epoch's Monday before 1970 up to `day` (weekends map to the
 * following Monday's number). Consecutive weekdays get consecutive numbers. */
export function businessDayNumber(isoDate: string): number {
  const day = epochDay(isoDate) + 3; // shift so that day 0 is a Monday (1969-12-29)
  const weeks = Math.floor(day / 7);
  const wd = day - weeks * 7;
  return weeks * 5 + Math.min(wd, 5);
}

export function dateOfBusinessDay(n: number): string {
  const weeks = Math.floor(n / 5);
  const wd = n - weeks * 5;
  return isoFromEpochDay(weeks * 7 + wd - 3);
}

/** The ISO date of close `index` of a series that starts on `start`. */
export function businessDateAt(start: string, index: number): string {
  return dateOfBusinessDay(businessDayNumber(start) + index);
}

export function isWeekday(isoDate: string): boolean {
  return weekdayOf(epochDay(isoDate)) < 5;
}
