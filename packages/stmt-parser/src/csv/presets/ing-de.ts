import type { CsvProfile } from '../profile';

/**
 * ING Deutschland (ING-DiBa) "Umsatzanzeige" export: a dozen lines of summary above the table
 * (`IBAN;DE12 …`, `Kontoname;Girokonto`, `Saldo;…;EUR`, a note that pending rows are left out),
 * then `Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;[Kategorie;]Verwendungszweck;Saldo;
 * Währung;Betrag;Währung`, `;`-separated, unquoted, in Windows-1252. Dates `DD.MM.YYYY`, signed
 * German amounts. `Währung` is named twice (after Saldo and after Betrag), so the profile does
 * not read it: ING accounts are kept in euros. The account's IBAN is the one in the summary.
 * Only booked rows are exported, newest first; the `Saldo` after each row gives the statement's
 * balances all the same (the statement builder tells the order from the balances).
 */
export const ingDeProfile: CsvProfile = {
  name: 'ing-de',
  bank: 'ING',
  description: 'ING Deutschland (ING-DiBa) Umsatzanzeige CSV.',
  detect: {
    columns: ['Buchung', 'Valuta', 'Auftraggeber/Empfänger', 'Buchungstext', 'Verwendungszweck', 'Saldo', 'Betrag'],
    delimiter: ';',
    encoding: 'windows-1252',
  },
  date_format: 'DD.MM.YYYY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchung',
  value_date: 'Valuta',
  amount: { column: 'Betrag' },
  balance: 'Saldo',
  currency: { code: 'EUR' },
  transaction_code: 'Buchungstext',
  counterparty: '{Auftraggeber/Empfänger}',
  remittance: '{Verwendungszweck}',
  account: { name: 'ING Girokonto', statement: 'ING-{currency}' },
};
