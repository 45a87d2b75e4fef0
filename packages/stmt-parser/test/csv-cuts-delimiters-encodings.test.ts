import iconv from 'iconv-lite';
import type { Entry } from '@stmt/parser';
import { brief } from './support/issues';
import { chunked, collect } from './support/outcome';

/** ING Netherlands' export in its comma layout (the shipped `ing-nl` profile): amounts with a decimal comma. */
const ING_HEADER = [
  'Datum',
  'Naam / Omschrijving',
  'Rekening',
  'Tegenrekening',
  'Code',
  'Af Bij',
  'Bedrag (EUR)',
  'Mutatiesoort',
  'Mededelingen',
  'Saldo na mutatie',
];
const ING_ROWS = [
  [
    '20240301',
    'Albert Heijn 1234',
    'NL20INGB0001234567',
    '',
    'BA',
    'Af',
    '23,45',
    'Betaalautomaat',
    'Pas 001',
    '976,55',
  ],
  [
    '20240302',
    'Werkgever B.V.',
    'NL20INGB0001234567',
    '',
    'OV',
    'Bij',
    '3.150,00',
    'Overschrijving',
    'Salaris',
    '4.126,55',
  ],
  ['20240303', 'Café Müller', 'NL20INGB0001234567', '', 'BA', 'Af', '12,50', 'Betaalautomaat', 'Koffie', '4.114,05'],
];
const ingCsv = (delimiter: string, rows: string[][] = ING_ROWS): string =>
  [ING_HEADER, ...rows].map((fields) => fields.map((field) => `"${field}"`).join(delimiter)).join('\r\n') + '\r\n';

const read = (bytes: Buffer, size = 7) => collect(chunked(bytes, size), { fileName: 'ing.csv' });
const amounts = (records: { kind: string; entry?: Entry }[]): string[] =>
  records.flatMap((record) =>
    record.kind === 'entry' && record.entry
      ? [`${record.entry.creditDebit === 'DBIT' ? '-' : ''}${record.entry.money.amount.toString()}`]
      : [],
  );

describe('a bank CSV cut inside its last value, without a line break after it', () => {
  /** The `;` layout, unquoted, without its final line break, its last row `last`. */
  const cut = (last: string[], header = ING_HEADER, rows = ING_ROWS.slice(0, 2)): Buffer =>
    Buffer.from([header, ...rows, last].map((fields) => fields.join(';')).join('\n'));

  it('is refused when the last value has fewer decimals than every value above it in its column', async () => {
    const result = await read(cut([...(ING_ROWS[2] as string[]).slice(0, 9), '4.114,0']));
    expect(result.issues.map((issue) => [...brief(issue), issue.message])).toEqual([
      [
        'error',
        'TRUNCATED',
        4,
        76,
        undefined,
        'the file ends without a line break inside the row\'s last value "4.114,0", which has 1 decimal, while every amount above it has 2: the file is truncated',
      ],
    ]);
    expect(amounts(result.records)).toEqual(['-23.45', '3150.00']);
  });

  it('is read with a warning when the last value is empty: a row may have none there (a pending row no balance)', async () => {
    const result = await read(cut([...(ING_ROWS[2] as string[]).slice(0, 9), '']));
    // The closing balance is then the second row's, which the third does not reach.
    expect(result.issues.map(brief)).toEqual([
      ['warning', 'TRUNCATED', 4, 1, undefined],
      ['warning', 'UNRECONCILED_BALANCE', 3, 1, undefined],
    ]);
    expect(amounts(result.records)).toEqual(['-23.45', '3150.00', '-12.50']);
  });

  it('is read with a warning when the last value may be whole', async () => {
    const whole = await read(cut(ING_ROWS[2] as string[]));
    expect(whole.error).toBeNull();
    expect(amounts(whole.records)).toEqual(['-23.45', '3150.00', '-12.50']);
    expect(whole.issues.map(brief)).toEqual([['warning', 'TRUNCATED', 4, 1, undefined]]);
    // A text cut short cannot be told from a whole one: read, with the warning.
    const header = ING_HEADER.slice(0, 9);
    const rows = ING_ROWS.slice(0, 2).map((row) => row.slice(0, 9));
    const text = await read(cut([...(ING_ROWS[2] as string[]).slice(0, 8), 'Kof'], header, rows));
    expect(text.error).toBeNull();
    expect(text.issues.map(brief)).toEqual([['warning', 'TRUNCATED', 4, 1, undefined]]);
  });
});

describe('a bank CSV written with another delimiter than its profile', () => {
  it('is recognised by the header its delimiter splits into the profile columns, and read with it', async () => {
    const comma = await read(Buffer.from(ingCsv(',')));
    const semicolon = await read(Buffer.from(ingCsv(';')));
    expect(semicolon.error).toBeNull();
    expect(semicolon.issues).toEqual([]);
    expect(amounts(semicolon.records)).toEqual(['-23.45', '3150.00', '-12.50']);
    expect(JSON.stringify(semicolon.records)).toBe(JSON.stringify(comma.records));
  });

  it('is read with the delimiter of its header when the profile is forced', async () => {
    const forced = await collect(chunked(Buffer.from(ingCsv(';')), 64), { fileName: 'ing.csv', csvProfile: 'ing-nl' });
    expect(forced.error).toBeNull();
    expect(amounts(forced.records)).toEqual(['-23.45', '3150.00', '-12.50']);
  });
});

describe('a bank CSV in an 8-bit encoding, read without --encoding', () => {
  const cp1252 = iconv.encode(ingCsv(','), 'windows-1252');
  const names = (records: { kind: string; entry?: Entry }[]): string[] =>
    records.flatMap((record) =>
      record.kind === 'entry' && record.entry ? [record.entry.details[0]?.creditor?.name ?? ''] : [],
    );

  it.each([1, 3, 7, 4096])(
    'is read from its first byte that is not UTF-8 on in the code page it looks like, with a warning there (%i-byte chunks)',
    async (size) => {
      const result = await read(cp1252, size);
      expect(result.error).toBeNull();
      expect(names(result.records)).toEqual(['Albert Heijn 1234', '', 'Café Müller']);
      expect(result.issues.map((issue) => [...brief(issue), issue.message])).toEqual([
        [
          'warning',
          'INVALID_ENCODING',
          4,
          16,
          undefined,
          'the file is not UTF-8 from here on: its 8-bit characters are read as windows-1252, which they look like; say what the file is with --encoding (e.g. windows-1252, iso-8859-15, windows-1250)',
        ],
      ]);
    },
  );

  it('is read when its only 8-bit character is its last byte', async () => {
    const rows = [...ING_ROWS.slice(0, 2), [...(ING_ROWS[2] as string[]).slice(0, 8), 'Koffie caf']];
    const text = [ING_HEADER.slice(0, 9), ...rows.map((row) => row.slice(0, 9))].map((f) => f.join(';')).join('\n');
    const last = Buffer.concat([Buffer.from(text), Buffer.from([0xe9])]);
    const result = await read(last, 5);
    expect(result.error).toBeNull();
    expect(result.records.flatMap((r) => (r.kind === 'entry' ? [r.entry.details[0]?.remittanceInfo] : []))).toEqual([
      'Pas 001',
      'Salaris',
      'Koffie café',
    ]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['INVALID_ENCODING', 'TRUNCATED']);
  });

  it('stays refused when UTF-8 was said: by --encoding, or by a byte-order mark', async () => {
    const declared = await collect(chunked(cp1252, 7), { fileName: 'ing.csv', encoding: 'utf-8' });
    expect(declared.error).toMatchObject({ code: 'INVALID_ENCODING', location: { line: 4, column: 16 } });
    const marked = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cp1252]));
    expect(marked.error).toMatchObject({ code: 'INVALID_ENCODING' });
  });
});

describe('the account IBAN in the lines above a bank CSV table', () => {
  /** The DKB layout (the shipped `dkb` profile names no account IBAN): `summary` above the table. */
  const dkb = (...summary: string[]): Buffer =>
    Buffer.from(
      [
        ...summary,
        '""',
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)"',
        '"28.03.24";"28.03.24";"Gebucht";"Erika Mustermann";"REWE";"Einkauf";"Ausgang";"DE12500105170648489890";"-45,20"',
      ].join('\n') + '\n',
    );
  const accounts = async (bytes: Buffer): Promise<unknown[]> =>
    (await read(bytes)).records.flatMap((record) => (record.kind === 'entry' ? [record.entry.account] : []));

  it('is the account of the rows when it is the only IBAN there and its check digits are right', async () => {
    expect(await accounts(dkb('"Girokonto";"DE02 1203 0000 0000 2020 51"'))).toEqual([
      { currency: 'EUR', iban: 'DE02120300000000202051' },
    ]);
  });

  it('is not taken when the lines name two IBANs, or one with wrong check digits', async () => {
    const two = dkb('"Girokonto";"DE02 1203 0000 0000 2020 51"', '"Tagesgeld";"DE89 3704 0044 0532 0130 00"');
    const wrong = dkb('"Girokonto";"DE03 1203 0000 0000 2020 51"');
    for (const bytes of [two, wrong])
      expect(await accounts(bytes)).toEqual([{ otherId: 'DKB Girokonto', currency: 'EUR' }]);
  });
});
