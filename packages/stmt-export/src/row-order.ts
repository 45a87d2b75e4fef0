import { DEFAULT_COLUMNS, SEPA_COLUMNS, type ColumnName, type StatementRow } from './columns';
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

/** The columns in the order `entryToRows` writes a row's keys, which its run lines then follow. */
const ROW_COLUMNS: readonly ColumnName[] = [...DEFAULT_COLUMNS, ...SEPA_COLUMNS];

/**
 * A row back from its values in ROW_COLUMNS order, as one object literal: it has the shape of
 * `entryToRows`' rows. A row built key by key from its values ends up a dictionary object, about
 * three times the cost to build and to read every column of (the formula guard, the preset and
 * the categoriser each read the sorted rows again).
 */
function rowInColumnOrder(v: readonly string[]): StatementRow {
  return {
    booking_date: v[0] ?? '',
    value_date: v[1] ?? '',
    amount: v[2] ?? '',
    currency: v[3] ?? '',
    credit_debit: v[4] ?? '',
    status: v[5] ?? '',
    counterparty_name: v[6] ?? '',
    counterparty_iban: v[7] ?? '',
    counterparty_bic: v[8] ?? '',
    remittance_info: v[9] ?? '',
    end_to_end_id: v[10] ?? '',
    entry_reference: v[11] ?? '',
    account_servicer_reference: v[12] ?? '',
    bank_transaction_code: v[13] ?? '',
    account_iban: v[14] ?? '',
    statement_id: v[15] ?? '',
    category: v[16] ?? '',
    original_amount: v[17] ?? '',
    original_currency: v[18] ?? '',
    exchange_rate: v[19] ?? '',
    reversal: v[20] ?? '',
    transaction_id: v[21] ?? '',
    mandate_id: v[22] ?? '',
    creditor_id: v[23] ?? '',
    creditor_reference: v[24] ?? '',
    purpose_code: v[25] ?? '',
    return_reason_code: v[26] ?? '',
    ultimate_debtor: v[27] ?? '',
    ultimate_creditor: v[28] ?? '',
  };
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
  let inColumnOrder = false;
  return new ExternalSorter<StatementRow>({
    ...options,
    compare: compareByBookingDate,
    sizeOf: rowBytes,
    serialize(row) {
      if (columns === undefined) {
        columns = Object.keys(row);
        inColumnOrder =
          columns.length === ROW_COLUMNS.length && columns.every((column, at) => column === ROW_COLUMNS[at]);
      }
      return JSON.stringify(columns.map((column) => row[column as keyof StatementRow]));
    },
    deserialize(line) {
      const values = JSON.parse(line) as string[];
      if (inColumnOrder) return rowInColumnOrder(values);
      const row: Record<string, string> = {};
      (columns ?? []).forEach((column, at) => (row[column] = values[at] ?? ''));
      return row as StatementRow;
    },
  });
}
