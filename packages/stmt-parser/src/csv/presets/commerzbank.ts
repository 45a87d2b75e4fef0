import type { CsvProfile } from '../profile';

/**
 * Commerzbank (Germany) "Umsätze" export: `Buchungstag;Wertstellung;Umsatzart;Buchungstext;
 * Betrag;Währung;Auftraggeberkonto;Bankleitzahl Auftraggeberkonto;IBAN Auftraggeberkonto;
 * Kategorie`, `;`-separated, `DD.MM.YYYY`, signed German amounts. The "Auftraggeberkonto"
 * columns are the account's own (the one exported), not the counterparty's. Commerzbank names
 * the counterparty only inside `Buchungstext`, so the row has no separate counterparty.
 */
export const commerzbankProfile: CsvProfile = {
  name: 'commerzbank',
  bank: 'Commerzbank',
  description: 'Commerzbank account transactions CSV (Germany).',
  detect: {
    columns: [
      'Buchungstag',
      'Wertstellung',
      'Umsatzart',
      'Buchungstext',
      'Betrag',
      'Währung',
      'IBAN Auftraggeberkonto',
    ],
    delimiter: ';',
  },
  date_format: 'DD.MM.YYYY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchungstag',
  value_date: 'Wertstellung',
  amount: { column: 'Betrag' },
  currency: { column: 'Währung' },
  transaction_code: 'Umsatzart',
  remittance: '{Buchungstext}',
  account: { iban: '{IBAN Auftraggeberkonto}', statement: '{IBAN Auftraggeberkonto}-{currency}' },
};
