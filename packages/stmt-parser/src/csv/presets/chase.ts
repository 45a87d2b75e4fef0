import type { CsvProfile } from '../profile';

/**
 * Chase (US) credit card activity download: `MM/DD/YYYY` dates, purchases negative and payments
 * positive, in US dollars. `Post Date` is when the card account was charged.
 */
export const chaseCardProfile: CsvProfile = {
  name: 'chase-card',
  bank: 'Chase',
  description: 'Chase credit card activity CSV (US).',
  detect: { columns: ['Transaction Date', 'Post Date', 'Description', 'Category', 'Type', 'Amount'] },
  date_format: 'MM/DD/YYYY',
  booking_date: 'Post Date',
  value_date: 'Transaction Date',
  amount: { column: 'Amount' },
  currency: { code: 'USD' },
  transaction_code: 'Type',
  counterparty: '{Description}',
  remittance: { template: '{Description} | {Memo}' },
  account: { name: 'Chase Card', statement: 'Chase-{currency}' },
};
