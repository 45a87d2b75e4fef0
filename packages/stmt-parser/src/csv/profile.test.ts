import iconv from 'iconv-lite';
import {
  CsvProfileError,
  detectCsvProfile,
  parseStream,
  SHIPPED_PROFILES,
  StatementParseError,
  validateCsvProfile,
  type CsvProfile,
  type Entry,
  type StatementRecord,
} from '@stmt/parser';
import { dateReader, parseAmount } from './profile-values';

async function entries(bytes: Buffer | string, options = {}): Promise<Entry[]> {
  const records: StatementRecord[] = [];
  const source = (async function* () {
    yield typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  })();
  for await (const record of parseStream(source, options)) records.push(record);
  return records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));
}

const SPARKASSE: CsvProfile = {
  name: 'sparkasse-test',
  bank: 'Sparkasse',
  detect: {
    columns: ['Buchungstag', 'Beguenstigter/Zahlungspflichtiger', 'Betrag', 'Soll/Haben'],
    delimiter: ';',
    encoding: 'windows-1252',
  },
  date_format: 'DD.MM.YYYY',
  decimal: ',',
  thousands: '.',
  booking_date: 'Buchungstag',
  amount: { column: 'Betrag', direction: { column: 'Soll/Haben', debit: ['S'], credit: ['H'] } },
  currency: { code: 'EUR' },
  skip: [{ column: 'Auftragskonto', matches: '^Summe' }],
  counterparty: '{Beguenstigter/Zahlungspflichtiger}',
  remittance: { template: '{Verwendungszweck} / {Kundenreferenz}' },
  account: { iban: '{Auftragskonto}' },
};

describe('CSV profiles', () => {
  it('ships profiles that all follow the schema, with unique names', () => {
    for (const profile of SHIPPED_PROFILES)
      expect(validateCsvProfile(JSON.parse(JSON.stringify(profile)), profile.name)).toEqual(profile);
    expect(new Set(SHIPPED_PROFILES.map((p) => p.name)).size).toBe(SHIPPED_PROFILES.length);
  });

  it('names the key of every problem in a profile', () => {
    const broken = {
      name: 'My Bank',
      bank: 'X',
      detect: { columns: [], delimter: ';' },
      date_format: 'DD.MM.YYYY',
      booking_date: 'Date',
      amount: { column: 'A', debit: 'B' },
      decimal: ';',
      skip: [{ column: 'x', matches: '(' }],
    };
    try {
      validateCsvProfile(broken, 'profiles/mine.yaml');
      throw new Error('expected a CsvProfileError');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvProfileError);
      const problems = (error as CsvProfileError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          'name: must match pattern "^[a-z0-9][a-z0-9-]*$"',
          "detect: unknown key 'delimter'",
          'detect.columns: must NOT have fewer than 1 items',
          'decimal: must be one of ".", ","',
        ]),
      );
      expect((error as Error).message).toMatch(/^profiles\/mine\.yaml: invalid CSV profile: /);
    }
    const badRegex = { ...SPARKASSE, skip: [{ column: 'x', matches: '(' }] };
    expect(() => validateCsvProfile(badRegex, 'p.yaml')).toThrow(/skip\[0\]\.matches: not a regular expression/);
    const bothAmounts = { ...SPARKASSE, amount: { column: 'A', debit: 'B', credit: 'C' } };
    expect(() => validateCsvProfile(bothAmounts, 'p.yaml')).toThrow(/amount: give either column/);
  });

  it('reads numbers and dates as banks write them', () => {
    const amount = (text: string, decimal: '.' | ',' = '.', thousands?: string): string | null | undefined => {
      const parsed = parseAmount(text, decimal, thousands);
      if (parsed && 'unclear' in parsed) return `unclear: ${parsed.unclear}`;
      return parsed ? `${parsed.value.toString()}${parsed.currency ? ` ${parsed.currency}` : ''}` : parsed;
    };
    expect([
      amount('-1.234,56', ',', '.'),
      amount("3'120.00", '.', "'"),
      amount('USD 1,190.00', '.', ','),
      amount('€40.00'),
      amount('(12.00)'),
      amount(''),
      amount('12x'),
    ]).toEqual(['-1234.56', '3120.00', '1190.00 USD', '40.00 EUR', '-12.00', undefined, null]);
    expect(dateReader('DD.MM.YY')('28.03.24')).toBe('2024-03-28');
    expect(dateReader('MMM D, YYYY')('Jan 5, 2024, 10:00:00 AM')).toBe('2024-01-05');
    expect(dateReader('MM/DD/YYYY')('02/30/2024')).toBeNull();
    expect(dateReader('YYYYMMDD')('20240301')).toBe('2024-03-01');
  });

  it('reads a Windows-1252 export with lines above the table and a direction column, through a caller profile', async () => {
    const text =
      'Umsatzanzeige;Sparkasse Musterstadt\r\n\r\n' +
      'Auftragskonto;Buchungstag;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Kundenreferenz;Betrag;Soll/Haben\r\n' +
      'DE89 3704 0044 0532 0130 00;02.01.2024;Miete Januar;Müller Immobilien;;1.250,00;S\r\n' +
      'DE89 3704 0044 0532 0130 00;03.01.2024;Gehalt;Arbeitgeber AG;REF-1;3.000,00;H\r\n' +
      'Summe;;;;;;\r\n';
    const bytes = iconv.encode(text, 'windows-1252');
    expect(detectCsvProfile(bytes.toString('utf8'), [SPARKASSE])).toBe(SPARKASSE);
    const read = await entries(bytes, { csvProfiles: [SPARKASSE] });
    expect(
      read.map((e) => [
        e.bookingDate,
        e.creditDebit,
        e.money.amount.toString(),
        e.account.iban,
        e.details[0]?.creditor?.name ?? e.details[0]?.debtor?.name,
        e.details[0]?.remittanceInfo,
      ]),
    ).toEqual([
      ['2024-01-02', 'DBIT', '1250.00', 'DE89370400440532013000', 'Müller Immobilien', 'Miete Januar'],
      ['2024-01-03', 'CRDT', '3000.00', 'DE89370400440532013000', 'Arbeitgeber AG', 'Gehalt / REF-1'],
    ]);
  });

  it('names the cell and the expected values when a row does not fit', async () => {
    const text =
      'Auftragskonto;Buchungstag;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Kundenreferenz;Betrag;Soll/Haben\nDE1;02.01.2024;x;y;;12,00;X\n';
    await expect(entries(text, { csvProfile: 'sparkasse-test', csvProfiles: [SPARKASSE] })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      message: expect.stringContaining('expected Soll/Haben S or H, found "X"'),
      location: { line: 2, path: 'Soll/Haben' },
    });
  });

  it('prefers the most specific profile and refuses an unknown --profile name', async () => {
    const head = 'Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency\n';
    expect(detectCsvProfile(head, SHIPPED_PROFILES)?.name).toBe('monzo');
    const loose: CsvProfile = { ...SPARKASSE, name: 'loose', detect: { columns: ['Date', 'Amount'] } };
    expect(detectCsvProfile(head, [loose, ...SHIPPED_PROFILES])?.name).toBe('monzo');
    await expect(entries(head, { csvProfile: 'nope' })).rejects.toThrow(StatementParseError);
    await expect(entries(head, { csvProfile: 'nope' })).rejects.toThrow(
      /no CSV profile named "nope"; known profiles: revolut, revolut-legacy/,
    );
  });
});
