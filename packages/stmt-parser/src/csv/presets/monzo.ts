import type { CsvProfile } from '../profile';

/**
 * Monzo (UK) export: one row per transaction with Monzo's own `Transaction ID` (so ids survive
 * re-exports exactly), `DD/MM/YYYY` dates and signed amounts in the account currency.
 */
export const monzoProfile: CsvProfile = {
  name: 'monzo',
  bank: 'Monzo',
  description: 'Monzo current account CSV export (UK).',
  detect: {
    columns: [
      'Transaction ID',
      'Date',
      'Time',
      'Type',
      'Name',
      'Category',
      'Amount',
      'Currency',
      'Local amount',
      'Local currency',
    ],
  },
  date_format: 'DD/MM/YYYY',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  currency: { column: 'Currency' },
  original_amount: { amount: 'Local amount', currency: 'Local currency' },
  reference: 'Transaction ID',
  transaction_code: 'Type',
  counterparty: '{Name}',
  remittance: { template: '{Description} | {Notes and #tags}' },
  account: { name: 'Monzo', statement: 'Monzo-{currency}' },
};
