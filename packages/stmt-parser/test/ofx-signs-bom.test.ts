import { parseStream, parseString, type Entry, type ParseIssue } from '@stmt/parser';
import { chunked } from './support/outcome';
import { brief, conversionError } from './support/issues';

// A small OFX 1.x text, one element per line from line 5 so that places are easy to read.
const SGML_HEADER = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '']; // 1–4
const file = (amount: string): string =>
  [
    ...SGML_HEADER,
    '<OFX><BANKMSGSRSV1><STMTTRNRS>', // 5
    '<STMTRS><CURDEF>EUR', // 6
    '<BANKACCTFROM><BANKID>1<ACCTID>123<ACCTTYPE>CHECKING</BANKACCTFROM>', // 7
    '<BANKTRANLIST><DTSTART>20240101<DTEND>20240131', // 8
    '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240105<FITID>A1', // 9
    `<TRNAMT>${amount}`, // 10
    '</STMTTRN>', // 11
    '</BANKTRANLIST>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

const TRNAMT = 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[1]/TRNAMT';

interface Read {
  entries: Entry[];
  issues: ParseIssue[];
}

/** Entries, warnings and errors (notes left out), as `validate` sees them. */
async function collectFrom(records: AsyncIterable<unknown>, issues: ParseIssue[]): Promise<Read> {
  const entries: Entry[] = [];
  for await (const record of records as AsyncIterable<{ kind: string; entry?: Entry }>)
    if (record.kind === 'entry' && record.entry) entries.push(record.entry);
  return { entries, issues };
}

function read(text: string): Promise<Read> {
  const issues: ParseIssue[] = [];
  const onIssue = (issue: ParseIssue): void => void (issue.severity === 'note' ? undefined : issues.push(issue));
  return collectFrom(parseString(text, { fileName: 'bank.ofx', onIssue }), issues);
}

const rows = (entries: Entry[]): string[] => entries.map((e) => `${e.creditDebit} ${e.money.amount.toString()}`);

describe('OFX amounts with more than one sign or stray blanks', () => {
  it.each([
    '+-10.00',
    '+ -10.00',
    '+-0.01',
    '--10.00',
    '- -10.00',
    '-10.00-',
    '10.00+-',
    '-10 .50',
    '1 00.00',
    '1 000 00.00',
    '1 000.000 000',
  ])('refuses <TRNAMT>%s: which value is meant is a guess', async (amount) => {
    const { entries, issues } = await read(file(amount));
    expect(entries).toEqual([]);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 10, 1, TRNAMT]]);
    expect(issues[0]?.message).toBe(`expected a decimal amount such as -12.50, found ${JSON.stringify(amount)}`);
    expect(await conversionError(file(amount), 'bank.ofx')).toMatchObject({ code: 'INVALID_AMOUNT' });
  });

  it('reads a single leading + before grouped digits as a credit, each warning giving the value read', async () => {
    const { entries, issues } = await read(file('+1 000.00'));
    expect(rows(entries)).toEqual(['CRDT 1000.00']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_AMOUNT', 10, 1, TRNAMT],
      ['warning', 'INVALID_AMOUNT', 10, 1, TRNAMT],
    ]);
    expect(issues.map((issue) => issue.message)).toEqual([
      `amount "+1 000.00" has a '+' sign, which OFX does not write (a positive amount is unsigned); read as a credit of 1000.00`,
      'amount "+1 000.00" has thousands separators; read as 1000.00',
    ]);
  });

  // Tester's finding: `12.00-` was refused, though the sign after the digits says the direction as plainly.
  it.each([
    ['12.00-', 'DBIT 12.00', 'a debit'],
    ['12.00 +', 'CRDT 12.00', 'a credit'],
  ])('reads <TRNAMT>%s, its sign after the digits, with a warning', async (amount, row, direction) => {
    const { entries, issues } = await read(file(amount));
    expect(rows(entries)).toEqual([row]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 10, 1, TRNAMT]]);
    expect(issues[0]?.message).toBe(
      `amount ${JSON.stringify(amount)} has its sign after the digits, where OFX writes it before them; read as ${direction} of 12.00`,
    );
  });

  it.each([
    ['1 000.00', 'CRDT 1000.00', '1000.00'],
    ['-1\u00a0000.00', 'DBIT 1000.00', '-1000.00'],
    ['-1&nbsp;000.00', 'DBIT 1000.00', '-1000.00'],
    ['12 345 678.90', 'CRDT 12345678.90', '12345678.90'],
    ['- 1 000,50', 'DBIT 1000.50', '-1000.50'],
  ])('reads <TRNAMT>%s, grouped by blanks in threes, with the thousands warning', async (amount, row, readAs) => {
    const { entries, issues } = await read(file(amount));
    expect(rows(entries)).toEqual([row]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 10, 1, TRNAMT]]);
    expect(issues[0]?.message).toBe(
      `amount ${JSON.stringify(amount.replace('&nbsp;', '\u00a0'))} has thousands separators; read as ${readAs}`,
    );
  });
});

describe('OFX 1.x header after a UTF-8 byte-order mark', () => {
  const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file('-12.50'), 'latin1')]);

  it.each([1, 2, 3, 4, 7, bytes.length])('skips the mark without a warning, in chunks of %i bytes', async (size) => {
    const issues: ParseIssue[] = [];
    const onIssue = (issue: ParseIssue): void => void (issue.severity === 'note' ? undefined : issues.push(issue));
    const { entries } = await collectFrom(parseStream(chunked(bytes, size), { fileName: 'bank.ofx', onIssue }), issues);
    expect(rows(entries)).toEqual(['DBIT 12.50']);
    expect(issues).toEqual([]);
  });

  it('accepts the file under --strict', async () => {
    const records: unknown[] = [];
    for await (const record of parseStream(chunked(bytes, 1), { fileName: 'bank.ofx', strict: true }))
      records.push(record);
    expect(records.length).toBeGreaterThan(0);
  });
});
