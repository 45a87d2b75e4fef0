import type { StatementRow } from './columns';
import { ExternalSorter } from './external-sort';

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

/** Rough bytes a row holds in V8: the object with its slots, and each text (two bytes a character at worst). */
function rowBytes(row: StatementRow): number {
  let bytes = 200;
  for (const column in row) bytes += 24 + 2 * row[column as keyof StatementRow].length;
  return bytes;
}

/**
 * Booking-date order in bounded memory (see ExternalSorter): the order, ties included, is the
 * one `rows.sort(compareByBookingDate)` gives, for any number of rows. Runs are JSON lines of the
 * row's values, in the column order of the first row.
 */
export function createRowSorter(
  options: { memoryBytes?: number; tempDir?: string } = {},
): ExternalSorter<StatementRow> {
  let columns: string[] | undefined;
  return new ExternalSorter<StatementRow>({
    ...options,
    compare: compareByBookingDate,
    sizeOf: rowBytes,
    serialize(row) {
      columns ??= Object.keys(row);
      return JSON.stringify(columns.map((column) => row[column as keyof StatementRow]));
    },
    deserialize(line) {
      const values = JSON.parse(line) as string[];
      const row: Record<string, string> = {};
      (columns ?? []).forEach((column, at) => (row[column] = values[at] ?? ''));
      return row as StatementRow;
    },
  });
}
