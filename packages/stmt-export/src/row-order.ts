import type { StatementRow } from './columns';

/**
 * Booking-date order for a finished statement: ISO dates compare as text, rows without a date
 * go last, and `Array.prototype.sort` is stable so same-day rows keep their file order.
 */
export function compareByBookingDate(a: StatementRow, b: StatementRow): number {
  if (a.booking_date === b.booking_date) return 0;
  if (a.booking_date === '') return 1;
  if (b.booking_date === '') return -1;
  return a.booking_date < b.booking_date ? -1 : 1;
}
