import type { StatementRow } from './columns';
import { ExternalSorter } from './external-sort';

/** Booking dates in order: ISO dates compare as text, and a missing date (`''`) goes last. */
export function compareBookingDates(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  return a < b ? -1 : 1;
}

/**
 * Booking-date order for a finished statement; `Array.prototype.sort` is stable, so same-day
 * rows keep their file order.
 */
export function compareByBookingDate(a: StatementRow, b: StatementRow): number {
  return compareBookingDates(a.booking_date, b.booking_date);
}

/**
 * Booking-date order in bounded memory (see ExternalSorter) for the output text of rows, each
 * text keyed by its rows' booking date: the texts come back in the order, ties included, that
 * `rows.sort(compareByBookingDate)` gives the rows, for any number of rows.
 */
export function createBookingDateSorter(options: { memoryBytes?: number; tempDir?: string } = {}): ExternalSorter {
  return new ExternalSorter({ ...options, compare: compareBookingDates });
}
