import type { CsvProfile } from '../profile';

/**
 * DKB (Deutsche Kreditbank, Germany) Girokonto export, layout since 2023: a few lines of account
 * summary above the table, `;`-separated quoted cells, German numbers (`-1.234,56`) and short
 * dates (`28.03.24`). Payer and payee are separate columns: the counterparty is the payee of a
 * debit and the payer of a credit, `IBAN` is theirs. `Vorgemerkt` rows are pending. The account's own
 * IBAN stands only in the summary above the table, which gives it to the rows (the parser takes
 * the one IBAN above a table for a profile that names none); without it the account is `DKB Girokonto`.
 */
export const dkbProfile: CsvProfile = {
  name: 'dkb',
  bank: 'DKB',
  description: 'DKB Girokonto CSV (Germany), layout since 2023.',
  detect: {
    columns: [
      'Buchungsdatum',
      'Wertstellung',
      'Status',
      'Zahlungspflichtige*r',
      'Zahlungsempfänger*in',
      'Verwendungszweck',
      'Betrag (€)',
    ],
    delimiter: ';',
  },
  date_format: 'DD.MM.YY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchungsdatum',
  value_date: 'Wertstellung',
  amount: { column: 'Betrag (€)' },
  currency: { code: 'EUR' },
  status: { column: 'Status', values: { Gebucht: 'BOOK', Vorgemerkt: 'PDNG' } },
  transaction_code: 'Umsatztyp',
  counterparty: { debit: '{Zahlungsempfänger*in}', credit: '{Zahlungspflichtige*r}' },
  counterparty_iban: 'IBAN',
  mandate_id: 'Mandatsreferenz',
  creditor_id: 'Gläubiger-ID',
  remittance: '{Verwendungszweck}',
  account: { name: 'DKB Girokonto', statement: 'DKB-{currency}' },
};
