import type { CsvProfile } from '../profile';

/**
 * N26 export, layout since 2024 (`"Booking Date","Value Date","Partner Name","Partner Iban",
 * Type,"Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency",
 * "Exchange Rate"`): comma-separated, ISO dates, signed amounts with a decimal point in the
 * account currency named in the header. `Account Name` is the main account or a Space; each
 * becomes its own statement. A card payment abroad has its `Original Amount` and currency.
 */
export const n26Profile: CsvProfile = {
  name: 'n26',
  bank: 'N26',
  description: 'N26 account CSV export (layout since 2024).',
  detect: {
    columns: [
      'Booking Date',
      'Value Date',
      'Partner Name',
      'Partner Iban',
      'Type',
      'Payment Reference',
      'Account Name',
      '/^Amount \\(([A-Z]{3})\\)$/',
      'Original Amount',
      'Original Currency',
      'Exchange Rate',
    ],
  },
  date_format: 'YYYY-MM-DD',
  booking_date: 'Booking Date',
  value_date: 'Value Date',
  amount: { column: '/^Amount \\(([A-Z]{3})\\)$/' },
  currency: { header: '/^Amount \\(([A-Z]{3})\\)$/' },
  original_amount: { amount: 'Original Amount', currency: 'Original Currency' },
  transaction_code: 'Type',
  counterparty: '{Partner Name}',
  counterparty_iban: 'Partner Iban',
  remittance: '{Payment Reference}',
  account: { name: 'N26 {Account Name|Main Account}', statement: 'N26-{Account Name|Main Account}-{currency}' },
};
