/**
 * A converted row for tests of what consumes rows (ids, ledgers): every column of `columns`
 * empty, then a booked EUR entry of one German account, then `values`. Generic over the row
 * type, as `instrument` is, so this package needs no `@stmt/export`.
 */
export function statementRow<Row extends Record<string, string>>(
  columns: readonly string[],
  values: Partial<Row>,
): Row {
  const empty = Object.fromEntries(columns.map((column) => [column, '']));
  const booked = {
    booking_date: '2024-03-01',
    currency: 'EUR',
    status: 'BOOK',
    account_iban: 'DE89370400440532013000',
  };
  const row: Record<string, unknown> = { ...empty, ...booked, ...values };
  return row as Row;
}
