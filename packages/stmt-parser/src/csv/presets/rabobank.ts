import type { CsvProfile } from '../profile';

/**
 * Rabobank (Netherlands) CSV export, layout since 2018: comma-separated, every cell quoted,
 * 26 columns starting `"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag",
 * "Saldo na trn"`. ISO dates, signed amounts with a decimal comma and a written plus sign
 * (`+1.000,00`, `-32,10`), the balance after each row. `IBAN/BBAN` is the account's own IBAN
 * (an export may hold several accounts), `Volgnr` the row's number within it. The description
 * is spread over `Omschrijving-1` to `-3`; a payment in another currency has `Oorspr bedrag`
 * and `Oorspr munt`.
 */
export const rabobankProfile: CsvProfile = {
  name: 'rabobank',
  bank: 'Rabobank',
  description: 'Rabobank current account CSV (Netherlands), layout since 2018.',
  detect: {
    columns: [
      'IBAN/BBAN',
      'Munt',
      'Volgnr',
      'Datum',
      'Rentedatum',
      'Bedrag',
      'Saldo na trn',
      'Tegenrekening IBAN/BBAN',
      'Naam tegenpartij',
      'Omschrijving-1',
    ],
  },
  date_format: 'YYYY-MM-DD',
  decimal: ',',
  thousands: '.',
  booking_date: 'Datum',
  value_date: 'Rentedatum',
  amount: { column: 'Bedrag' },
  currency: { column: 'Munt' },
  balance: 'Saldo na trn',
  original_amount: { amount: 'Oorspr bedrag', currency: 'Oorspr munt' },
  transaction_code: 'Code',
  counterparty: '{Naam tegenpartij}',
  counterparty_iban: 'Tegenrekening IBAN/BBAN',
  end_to_end_id: 'Transactiereferentie',
  mandate_id: 'Machtigingskenmerk',
  creditor_id: 'Incassant ID',
  remittance: '{Omschrijving-1} {Omschrijving-2} {Omschrijving-3}',
  account: { iban: '{IBAN/BBAN}', statement: '{IBAN/BBAN}-{currency}' },
};
