import type { CsvProfile } from '../profile';

/**
 * Revolut's account statement export (app and web, "Excel/CSV"), current layout. Amount and Fee
 * are separate columns and the balance moves by Amount − Fee: the entry carries that movement
 * (so entries add up to the balance, as camt's `<Ntry><Amt>` does), the fee is a charge and the
 * transaction's own amount stays on its detail. Rows that never moved money (declined, failed,
 * or pending then reverted) are left out. Revolut names the merchant or person only in
 * Description: it is the counterparty we have.
 */
export const revolutProfile: CsvProfile = {
  name: 'revolut',
  bank: 'Revolut',
  description: 'Revolut account statement, current layout (comma-separated).',
  format: 'revolut-csv',
  detect: {
    columns: [
      'Type',
      'Product',
      'Started Date',
      'Completed Date',
      'Description',
      'Amount',
      'Fee',
      'Currency',
      'State',
      'Balance',
    ],
  },
  date_format: 'YYYY-MM-DD HH:MM:SS',
  booking_date: 'Completed Date',
  value_date: 'Started Date',
  amount: { column: 'Amount', fee: 'Fee' },
  currency: { column: 'Currency' },
  balance: 'Balance',
  status: { column: 'State', values: { COMPLETED: 'BOOK', PENDING: 'PDNG' } },
  skip: [{ column: 'State', values: ['REVERTED', 'DECLINED', 'FAILED'] }],
  transaction_code: 'Type',
  counterparty: '{Description}',
  remittance: '{Description}',
  account: { name: 'Revolut {Product|Current}', statement: '{Product|Current}-{currency}' },
};

/**
 * Revolut's older statement export: semicolon-separated, money out and money in in separate
 * columns whose headers name the account currency (`Paid Out (EUR)`), dates such as
 * `Mar 2, 2019`, and no state column (completed rows only).
 */
export const revolutLegacyProfile: CsvProfile = {
  name: 'revolut-legacy',
  bank: 'Revolut',
  description: 'Revolut account statement, older semicolon layout with Paid Out / Paid In columns.',
  detect: {
    columns: [
      'Completed Date',
      'Description',
      '/^Paid Out \\(([A-Z]{3})\\)$/',
      '/^Paid In \\(([A-Z]{3})\\)$/',
      '/^Balance \\(([A-Z]{3})\\)$/',
    ],
    delimiter: ';',
  },
  date_format: 'MMM D, YYYY',
  thousands: ',',
  booking_date: 'Completed Date',
  amount: { debit: '/^Paid Out \\(([A-Z]{3})\\)$/', credit: '/^Paid In \\(([A-Z]{3})\\)$/' },
  currency: { header: '/^Paid Out \\(([A-Z]{3})\\)$/' },
  balance: '/^Balance \\(([A-Z]{3})\\)$/',
  counterparty: '{Description}',
  remittance: { template: '{Description} | {Notes}' },
  account: { name: 'Revolut', statement: 'Current-{currency}' },
};
