import type { CsvProfile } from '../profile';

/**
 * ING Netherlands "Af- en bijschrijvingen" export (comma-separated, quoted): dates `YYYYMMDD`,
 * unsigned amounts with a decimal comma in `Bedrag (EUR)`, and the direction in `Af Bij` (`Af`
 * money out, `Bij` money in). `Rekening` is the account's own IBAN.
 */
export const ingNlProfile: CsvProfile = {
  name: 'ing-nl',
  bank: 'ING',
  description: 'ING Netherlands current account CSV (Af Bij direction column).',
  detect: {
    columns: [
      'Datum',
      'Naam / Omschrijving',
      'Rekening',
      'Tegenrekening',
      'Code',
      'Af Bij',
      '/^Bedrag \\(([A-Z]{3})\\)$/',
      'Mutatiesoort',
      'Mededelingen',
    ],
  },
  date_format: 'YYYYMMDD',
  decimal: ',',
  thousands: '.',
  booking_date: 'Datum',
  amount: { column: '/^Bedrag \\(([A-Z]{3})\\)$/', direction: { column: 'Af Bij', debit: ['Af'], credit: ['Bij'] } },
  currency: { header: '/^Bedrag \\(([A-Z]{3})\\)$/' },
  balance: 'Saldo na mutatie',
  transaction_code: 'Code',
  counterparty: '{Naam / Omschrijving}',
  remittance: '{Mededelingen}',
  account: { iban: '{Rekening}', statement: '{Rekening}-{currency}' },
};
