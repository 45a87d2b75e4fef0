import type { CsvProfile } from '../profile';

/**
 * Sparkasse (Germany) online banking export "CSV-CAMT" (V2, and V8 since 2023, which adds
 * columns at the end): `;`-separated quoted cells in Windows-1252, short dates (`28.03.24`),
 * signed German amounts (`-1.190,00`). Every row names the account's own IBAN in
 * `Auftragskonto`. `Info` says whether the row is booked (`Umsatz gebucht`) or still pending
 * (`Umsatz vorgemerkt`; such rows may have no `Buchungstag` yet). The older "CSV-MT940" export
 * (`Kontonummer;BLZ` instead of `Kontonummer/IBAN`) is another layout. `Kundenreferenz (End-to-End)`
 * holds the SEPA placeholder `NOTPROVIDED` when there is none, which is read as none.
 */
export const sparkasseProfile: CsvProfile = {
  name: 'sparkasse',
  bank: 'Sparkasse',
  description: 'Sparkasse CSV-CAMT export (Germany), V2 and V8.',
  detect: {
    columns: [
      'Auftragskonto',
      'Buchungstag',
      'Valutadatum',
      'Buchungstext',
      'Verwendungszweck',
      'Beguenstigter/Zahlungspflichtiger',
      'Kontonummer/IBAN',
      'Betrag',
      'Waehrung',
      'Info',
    ],
    delimiter: ';',
    encoding: 'windows-1252',
  },
  date_format: 'DD.MM.YY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchungstag',
  value_date: 'Valutadatum',
  amount: { column: 'Betrag' },
  currency: { column: 'Waehrung' },
  status: { column: 'Info', values: { 'Umsatz gebucht': 'BOOK', 'Umsatz vorgemerkt': 'PDNG' } },
  transaction_code: 'Buchungstext',
  counterparty: '{Beguenstigter/Zahlungspflichtiger}',
  counterparty_iban: 'Kontonummer/IBAN',
  end_to_end_id: 'Kundenreferenz (End-to-End)',
  mandate_id: 'Mandatsreferenz',
  creditor_id: 'Glaeubiger ID',
  remittance: '{Verwendungszweck}',
  account: { iban: '{Auftragskonto}', statement: '{Auftragskonto}-{currency}' },
};
