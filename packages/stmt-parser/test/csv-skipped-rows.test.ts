import { docsPage } from '@fin/errors';
import { validateCsvProfile, type Entry } from '@stmt/parser';
import { brief, readCsvText as read } from './support/issues';

const lines = (entries: Entry[]): number[] => entries.map((entry) => entry.location.line);

const VISA_HEADER = 'Bénéficiaire;Date;Montant;Monnaie;Buchungs-Nr.;Referenznummer;Status Kontoführung\n';

/** DKB's export (shipped profile `dkb`) with the given lines after its header (line 5). */
const dkb = (...rows: string[]): string =>
  '"Girokonto";"DE02 1203 0000 0000 2020 51"\n""\n"Kontostand vom 31.03.2024:";"2.334,80 €"\n""\n' +
  '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"\n' +
  rows.map((row) => `${row}\n`).join('');
const dkbRow = (amount: string, extra = ''): string =>
  `"28.03.24";"28.03.24";"Gebucht";"Erika Mustermann";"REWE Markt GmbH";"Einkauf";"Ausgang";"DE12500105170648489890";"${amount}";"";"";""${extra}`;

describe('bank CSV rows without a date in the Swiss profiles', () => {
  it('refuses a Selma row that has an amount but no date', async () => {
    const text =
      'Date,Description,Bookkeeping No.,Fund,Amount,Currency,Number of Shares\n' +
      '2024-01-02,cash_transfer,22000001,,5000.00,CHF,\n' +
      ',trade,22000002,IE00B5BMR087,-2500.35,CHF,5.2\n' +
      '2024-01-31,selma_fee,22000010,,-2.08,CHF,\n';
    const { entries, issues } = await read(text);
    expect(lines(entries)).toEqual([2, 4]);
    expect(issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 3, 1, 'Date']]);
  });

  it('refuses a Visa debit row that has an amount but no date', async () => {
    const text = `${VISA_HEADER}PMT CARTE SBB CFF FFS;;-3'120.00;CHF;1002;74812345678901234567891;Verbucht\n`;
    const { entries, issues } = await read(text);
    expect(entries).toEqual([]);
    expect(issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 2, 23, 'Date']]);
  });

  it('reads a row of empty cells as a blank line, without a word', async () => {
    const text =
      VISA_HEADER +
      'PMT CARTE Migros Lausanne;04.03.2024;-54.30;CHF;1001;74812345678901234567890;Verbucht\n;;;;;;\n' +
      'Remboursement Coop;07.03.2024;12.90;CHF;1003;74812345678901234567892;Verbucht\n;;;;;;\n';
    const { entries, issues } = await read(text);
    expect(lines(entries)).toEqual([2, 4]);
    expect(issues).toEqual([]);
  });
});

describe('bank CSV skip rules', () => {
  it("skips Bank of America's Beginning balance line only: another row without an amount is refused", async () => {
    const text =
      'Date,Description,Amount,Running Bal.\n' +
      '04/01/2024,Beginning balance as of 04/01/2024,,\n' +
      '04/02/2024,"ACME PAYROLL","3,200.00",\n' +
      '04/05/2024,"RENT PAYMENT CHECK 1042",,\n';
    const { entries, issues } = await read(text);
    expect(lines(entries)).toEqual([3]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 4, 38, 'Amount']]);
  });

  it('leaves out a revolut-investment cash row of a type it does not list with a warning; --strict refuses it', async () => {
    const text =
      'Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n' +
      '2024-01-10T14:32:11.123Z,,CASH TOP-UP,,,USD 1000,USD,1.09\n' +
      '2024-01-12T14:32:11.123Z,,CASH TRANSFER OUT,,,USD -500,USD,1.09\n' +
      '2024-03-04T11:00:00.000Z,AAPL,STOCK SPLIT,2,,,USD,1.08\n';
    const { entries, issues } = await read(text);
    expect(lines(entries)).toEqual([2]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 3, 27, 'Type']]);
    expect(issues[0]?.message).toBe(
      'Type "CASH TRANSFER OUT" is none of the values the Revolut layout reads (BUY*, SELL*, DIVIDEND*, CASH TOP-UP, CASH WITHDRAWAL, *FEE*, WITHHOLDING TAX* or INTEREST*): the row is left out, although Total Amount holds "USD -500"; if it moved money, convert it with a profile of your own that reads it (' +
        docsPage('csv-profiles.md') +
        ')',
    );
    expect((await read(text, true)).issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 3, 27, 'Type']]);
  });

  it('validates an `all` rule and refuses one that also names a column', () => {
    const profile = {
      name: 'mine',
      bank: 'Mine',
      detect: { columns: ['Date', 'Amount'] },
      date_format: 'YYYY-MM-DD',
      booking_date: 'Date',
      amount: { column: 'Amount' },
    };
    const all = [
      { column: 'Date', empty: true },
      { column: 'Amount', empty: true },
    ];
    expect(validateCsvProfile({ ...profile, skip: [{ all }] }, 'p.yaml').skip).toEqual([{ all }]);
    expect(() => validateCsvProfile({ ...profile, skip: [{ all, column: 'Date' }] }, 'p.yaml')).toThrow(
      /invalid CSV profile: skip\[0\]/,
    );
  });
});

describe('bank CSV lines that are not rows', () => {
  it('warns about a row with an extra empty field, at that field', async () => {
    const { entries, issues } = await read(dkb(dkbRow('-45,20'), dkbRow('-10,00', ';""')));
    expect(lines(entries)).toEqual([6, 7]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 7, 133, undefined]]);
    expect(issues[0]?.message).toBe(
      'the row has 13 fields, the header 12: the last is empty (a delimiter at the end of the row) and ignored',
    );
  });

  it('leaves out short lines after a blank line at the end of the file as a trailer, with a warning', async () => {
    const { entries, issues } = await read(dkb(dkbRow('-45,20'), dkbRow('-10,00'), '', '"Summe Umsätze:";"-55,20 €"'));
    expect(lines(entries)).toEqual([6, 7]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 9, 1, undefined]]);
    expect(issues[0]?.message).toBe(
      "line 9, after a blank line below the table, has 2 of the header's 12 fields: read as a trailer (totals, a note), not as rows, and left out",
    );
  });

  it('refuses such short lines when a row of the table follows them', async () => {
    const { entries, issues } = await read(dkb(dkbRow('-45,20'), '', '"Summe Umsätze:";"-55,20 €"', dkbRow('-10,00')));
    expect(lines(entries)).toEqual([6, 9]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 8, 1, undefined]]);
  });
});
