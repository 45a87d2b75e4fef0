import type { Entry } from '@stmt/parser';
import { brief, readCsvText as read } from './support/issues';

const signed = (entry: Entry): string =>
  `${entry.creditDebit === 'DBIT' ? '-' : ''}${entry.money.amount.toString()} ${entry.money.currency}`;

/** DKB's export (shipped profile `dkb`: `Betrag (€)`, currency EUR) with one row; its amount cell starts at line 6, column 115. */
const dkb = (amount: string): string =>
  '"Girokonto";"DE02 1203 0000 0000 2020 51"\n""\n"Kontostand vom 31.03.2024:";"2.334,80 €"\n""\n' +
  '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"\n' +
  `"28.03.24";"28.03.24";"Gebucht";"Erika Mustermann";"REWE Markt GmbH";"Einkauf";"Ausgang";"DE12500105170648489890";"${amount}";"";"";""\n`;

/** Capital One (shipped profile: Debit and Credit columns, USD); Debit starts at column 45, Credit after it. */
const capitalOne = (debit: string, credit: string): string =>
  'Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit\n' +
  `2024-04-01,2024-04-02,1234,STARBUCKS,Dining,${debit},${credit}\n`;

describe('bank CSV amount signs', () => {
  it.each(['--12,00', '+-12,00', '-€-12,00', '- -12,00', '(-12,00)', '(+12,00)'])(
    'refuses %s, whose signs leave unclear whether it is negative, at the cell',
    async (amount) => {
      const { entries, issues } = await read(dkb(amount));
      expect(entries).toEqual([]);
      expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 6, 115, 'Betrag (€)']]);
      expect(issues[0]?.message).toMatch(/: it has more than one sign \(.+\): whether it is negative is unclear$/);
    },
  );

  it('reads one sign before or after the number, or parentheses alone', async () => {
    const amounts = ['-12,00', '12,00-', '€ -12,00', '-12,00 €', 'EUR-12,00', '(12,00)', '+12,00'];
    const results = await Promise.all(amounts.map((amount) => read(dkb(amount))));
    expect(results.map(({ entries }) => entries.map(signed))).toEqual([
      ['-12.00 EUR'],
      ['-12.00 EUR'],
      ['-12.00 EUR'],
      ['-12.00 EUR'],
      ['-12.00 EUR'],
      ['-12.00 EUR'],
      ['12.00 EUR'],
    ]);
    expect(results.flatMap(({ issues }) => issues)).toEqual([]);
  });
});

describe('bank CSV debit and credit columns', () => {
  it('refuses a row with an amount in both columns', async () => {
    const { entries, issues } = await read(capitalOne('5.75', '1.00'));
    expect(entries).toEqual([]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 2, 50, 'Credit']]);
    expect(issues[0]?.message).toBe(
      'the row has an amount in both Debit ("5.75") and Credit ("1.00"): whether it is money out or in is unclear; expected one of them, the other empty or zero',
    );
  });

  it('reads a zero in one column as no amount', async () => {
    const { entries, issues } = await read(capitalOne('0.00', '5.00'));
    expect(entries.map(signed)).toEqual(['5.00 USD']);
    expect(issues).toEqual([]);
  });

  it('ignores a sign in either column, as the layout says, with a warning at the cell', async () => {
    const debit = await read(capitalOne('-5.75', ''));
    const credit = await read(capitalOne('', '-5.75'));
    expect([...debit.entries, ...credit.entries].map(signed)).toEqual(['-5.75 USD', '5.75 USD']);
    expect([...debit.issues, ...credit.issues].map(brief)).toEqual([
      ['warning', 'INVALID_AMOUNT', 2, 45, 'Debit'],
      ['warning', 'INVALID_AMOUNT', 2, 46, 'Credit'],
    ]);
    expect(credit.issues[0]?.message).toBe(
      'Credit "-5.75" has a sign, which the layout does not read (Credit holds money in): the sign is ignored, read as 5.75',
    );
  });

  it('reads an ING amount whose sign contradicts its direction by the direction, with a warning', async () => {
    const text =
      'Datum,Naam / Omschrijving,Rekening,Tegenrekening,Code,Af Bij,Bedrag (EUR),Mutatiesoort,Mededelingen\n' +
      '20240301,Werkgever B.V.,NL20INGB0001234567,,OV,Bij,"-3.150,00",Overschrijving,Salaris\n';
    const { entries, issues } = await read(text);
    expect(entries.map(signed)).toEqual(['3150.00 EUR']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 2, 52, 'Bedrag (EUR)']]);
    expect(issues[0]?.message).toBe(
      'Bedrag (EUR) "-3.150,00" is negative, but Af Bij "Bij" says money in: the direction decides, read as 3150.00',
    );
  });
});

describe('bank CSV currencies written in the amount cell', () => {
  it("reads the cell's currency over the profile's, with a warning at the cell", async () => {
    const dollar = await read(dkb('$ -12,00'));
    const euro = await read(capitalOne('EUR 5.75', ''));
    expect([...dollar.entries, ...euro.entries].map(signed)).toEqual(['-12.00 USD', '-5.75 EUR']);
    expect([...dollar.issues, ...euro.issues].map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 6, 115, 'Betrag (€)'],
      ['warning', 'INVALID_VALUE', 2, 45, 'Debit'],
    ]);
    expect(dollar.issues[0]?.message).toBe(
      `Betrag (€) "$ -12,00" is written in USD, while the DKB layout's currency is EUR; read as USD, the currency the cell names`,
    );
  });

  it('refuses a cell with two currencies', async () => {
    const { entries, issues } = await read(dkb('€ 12,00 USD'));
    expect(entries).toEqual([]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 6, 115, 'Betrag (€)']]);
    expect(issues[0]?.message).toBe(
      'expected a decimal amount such as -1.234,50, found "€ 12,00 USD": it names two currencies (EUR and USD): which the amount is in is unclear',
    );
  });

  it("refuses a cell whose currency differs from the row's currency column", async () => {
    const text =
      'Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n' +
      '2024-01-10T14:32:11.123Z,,CASH TOP-UP,,,USD 1000,EUR,1.09\n';
    const { entries, issues } = await read(text);
    expect(entries).toEqual([]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 2, 41, 'Total Amount']]);
    expect(issues[0]?.message).toBe(
      'Total Amount "USD 1000" is written in USD, but Currency says "EUR": which currency the amount is in is unclear',
    );
  });
});
