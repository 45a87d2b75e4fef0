import type { CsvProfile } from '../profile';

/**
 * Starling Bank (UK) statement export: `Date,Counter Party,Reference,Type,Amount (GBP),
 * Balance (GBP),Spending Category[,Notes]`, `DD/MM/YYYY`, signed amounts, the balance after
 * each row. The account currency is named in the header (a euro account writes `Amount (EUR)`).
 */
export const starlingProfile: CsvProfile = {
  name: 'starling',
  bank: 'Starling',
  description: 'Starling Bank statement CSV (UK).',
  detect: {
    columns: [
      'Date',
      'Counter Party',
      'Reference',
      'Type',
      '/^Amount \\(([A-Z]{3})\\)$/',
      '/^Balance \\(([A-Z]{3})\\)$/',
      'Spending Category',
    ],
  },
  date_format: 'DD/MM/YYYY',
  thousands: ',',
  booking_date: 'Date',
  amount: { column: '/^Amount \\(([A-Z]{3})\\)$/' },
  currency: { header: '/^Amount \\(([A-Z]{3})\\)$/' },
  balance: '/^Balance \\(([A-Z]{3})\\)$/',
  transaction_code: 'Type',
  counterparty: '{Counter Party}',
  remittance: { template: '{Reference} | {Notes}' },
  account: { name: 'Starling', statement: 'Starling-{currency}' },
};
