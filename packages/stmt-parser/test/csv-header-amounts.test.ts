import { parseString, StatementParseError, type CsvProfile, type Entry, type ParseIssue } from '@stmt/parser';
import { brief } from './support/issues';

/** A user's profile for a decimal-comma export (docs/csv-profiles.md, "Writing a profile"). */
const PROFILE: CsvProfile = {
  name: 'sparkasse',
  bank: 'Sparkasse',
  detect: { columns: ['Buchungstag', 'Beguenstigter/Zahlungspflichtiger', 'Betrag', 'Waehrung'], delimiter: ';' },
  date_format: 'DD.MM.YYYY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchungstag',
  value_date: 'Valutadatum',
  amount: { column: 'Betrag' },
  currency: { column: 'Waehrung' },
  counterparty: '{Beguenstigter/Zahlungspflichtiger}',
  remittance: '{Verwendungszweck}',
};

async function read(
  text: string,
  collect = true,
): Promise<{ entries: Entry[]; issues: ParseIssue[]; error?: unknown }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  const options = {
    fileName: 'export.csv',
    csvProfiles: [PROFILE],
    ...(collect ? { onIssue: (i: ParseIssue) => issues.push(i) } : {}),
  };
  try {
    for await (const record of parseString(text, options)) if (record.kind === 'entry') entries.push(record.entry);
  } catch (error) {
    return { entries, issues, error };
  }
  return { entries, issues };
}

const signed = (entry: Entry): string =>
  `${entry.creditDebit === 'DBIT' ? '-' : ''}${entry.money.amount.toString()} ${entry.money.currency}`;

describe('bank CSV amounts with a thousands separator', () => {
  it('reads grouped amounts and refuses a number the separators do not group, naming line and column', async () => {
    const text =
      'Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag;Waehrung\n' +
      '01.03.2024;Shop;a;-1.234,56;EUR\n' +
      '02.03.2024;Employer;b;1.000.000,00;EUR\n' +
      '03.03.2024;Cafe;c;-12,5;EUR\n' +
      '04.03.2024;Bakery;d;12.50;EUR\n';
    const { entries, issues } = await read(text);
    expect(entries.map(signed)).toEqual(['-1234.56 EUR', '1000000.00 EUR', '-12.5 EUR']);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 5, 21, 'Betrag']]);
    expect(issues[0]?.message).toBe('expected a decimal amount such as -1.234,50, found "12.50"');

    const refused = await read(text, false);
    expect(refused.error).toBeInstanceOf(StatementParseError);
    expect((refused.error as StatementParseError).location).toMatchObject({ file: 'export.csv', line: 5 });
  });

  it('refuses separators in the fraction and groups of the wrong size', async () => {
    const head = 'Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag;Waehrung\n';
    for (const amount of ['1.2.3', '1,234.5', '12.3456,00', '.123,00'])
      expect((await read(`${head}01.03.2024;Shop;a;${amount};EUR\n`)).issues.map((i) => i.code)).toEqual([
        'INVALID_AMOUNT',
      ]);
    // Indian grouping: the last group three digits, the others two.
    const lakh = await read(`${head}01.03.2024;Shop;a;1.23.456,00;EUR\n`);
    expect(lakh.entries.map(signed)).toEqual(['123456.00 EUR']);
  });
});

describe('bank CSV header names', () => {
  it('reads a header written in other case and punctuation than the profile, as detection matched it', async () => {
    const text =
      'BUCHUNGSTAG;Beguenstigter / Zahlungspflichtiger;verwendungszweck;BETRAG;Waehrung;VALUTADATUM\n' +
      '01.03.2024;Shop;Rent March;-12,50;EUR;02.03.2024\n';
    const { entries, issues } = await read(text);
    expect(issues).toEqual([]);
    expect(entries.map(signed)).toEqual(['-12.50 EUR']);
    expect(entries[0]?.valueDate).toBe('2024-03-02');
    expect(entries[0]?.details[0]?.creditor?.name).toBe('Shop');
    expect(entries[0]?.details[0]?.remittanceInfo).toBe('Rent March');
  });

  it('refuses a header naming a column the profile reads twice, at the second one', async () => {
    const text =
      'Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag;Waehrung;Betrag\n' +
      '01.03.2024;Shop;a;-12,50;EUR;99,00\n';
    const { issues } = await read(text);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 1, 80, 'Betrag']]);
    expect(issues[0]?.message).toBe(
      'the header names the column "Betrag" more than once (fields 4, 6): the Sparkasse layout reads Betrag, and which of them is meant is unclear; rename or remove the others',
    );
    const refused = await read(text, false);
    expect(refused.error).toBeInstanceOf(StatementParseError);
    expect(refused.entries).toEqual([]);
  });

  it('warns about a repeated column the profile does not read, and ignores repeated empty names', async () => {
    const text =
      'Buchungstag;Beguenstigter/Zahlungspflichtiger;Notiz;Betrag;Waehrung;Notiz;;\n' +
      '01.03.2024;Shop;x;-12,50;EUR;y;;\n';
    const { entries, issues } = await read(text);
    expect(entries.map(signed)).toEqual(['-12.50 EUR']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 1, 69, 'Notiz']]);
  });
});

describe('bank CSV cell locations', () => {
  it('points at the bad cell after quoted fields and a line break inside one', async () => {
    const text =
      'Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag;Waehrung\n' +
      '01.03.2024;"Shop; Inc";"Rent\nMarch";-1x;EUR\n';
    const { issues } = await read(text);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 3, 8, 'Betrag']]);
  });
});
