import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  detectFormat,
  parseString,
  StatementParseError,
  type Entry,
  type ParseIssue,
  type StatementRecord,
} from '@stmt/parser';
import { unrecognisedFormatHint } from '../src/formats';
import { brief, conversionError } from './support/issues';

// Small OFX texts, one element per line so that a line number is the index in the array plus one.
const SGML_HEADER = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'ENCODING:USASCII', 'CHARSET:1252', ''];

/** A bank statement in OFX 1.x SGML (lines 1–6 are the header, <OFX> is line 7). */
function bank({
  transactions = ['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<NAME>SHOP</STMTTRN>'],
  trnuid = '<TRNUID>1',
  header = SGML_HEADER,
} = {}): string {
  return [
    ...header,
    '<OFX>', // 7
    '<BANKMSGSRSV1>', // 8
    `<STMTTRNRS>${trnuid}`, // 9
    '<STATUS><CODE>0<SEVERITY>INFO</STATUS>', // 10
    '<STMTRS><CURDEF>USD', // 11
    '<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM>', // 12
    '<BANKTRANLIST><DTSTART>20240101<DTEND>20240131', // 13
    ...transactions, // 14 …
    '</BANKTRANLIST>',
    '<LEDGERBAL><BALAMT>100.00<DTASOF>20240131</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
  ].join('\n');
}

const STATEMENT = 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS';
const TRN1 = `${STATEMENT}/BANKTRANLIST/STMTTRN[1]`;

interface Read {
  records: StatementRecord[];
  entries: Entry[];
  /** Warnings and errors. */
  issues: ParseIssue[];
  notes: ParseIssue[];
  error: StatementParseError | undefined;
}

/** Everything `validate` sees, with the format detected (none is given). */
async function read(input: string | Buffer): Promise<Read> {
  const result: Read = { records: [], entries: [], issues: [], notes: [], error: undefined };
  const onIssue = (issue: ParseIssue): void =>
    void (issue.severity === 'note' ? result.notes : result.issues).push(issue);
  try {
    for await (const record of parseString(input, { fileName: 'bank.ofx', onIssue })) {
      result.records.push(record);
      if (record.kind === 'entry') result.entries.push(record.entry);
    }
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    result.error = error;
  }
  return result;
}

/** Amount, counterparty name and place of each row. */
const rows = (entries: Entry[]): string[] =>
  entries.map(
    (e) =>
      `${e.creditDebit} ${e.money.amount.toString()} ${e.money.currency} ${e.details[0]?.creditor?.name ?? '-'} at ${e.location.path ?? ''}`,
  );

/** The path and OFX version of each statement. */
const statements = (records: StatementRecord[]): string[] =>
  records.flatMap((r) => (r.kind === 'statement-start' ? [`${r.statement.location.path} ${r.statement.version}`] : []));

const notOpeningBalance = (issue: ParseIssue): boolean => !issue.message.startsWith('OFX gives no opening balance');

describe('OFX element with no value followed by a start tag (F5)', () => {
  it('reads <CORRECTFITID> left empty inside a transaction as an empty leaf: the row comes out', async () => {
    const text = bank({
      transactions: [
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<CORRECTFITID><NAME>SHOP</STMTTRN>',
      ],
    });
    const { entries, issues, notes, error } = await read(text);
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([`DBIT 50.00 USD SHOP at ${TRN1}`]);
    expect(issues).toEqual([]);
    expect(notes.filter(notOpeningBalance)).toEqual([]); // an OFX 2.1 leaf of <STMTTRN>: nothing to say
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });

  it.each(['CORRECTACTION', 'INV401KSOURCE'])('reads <%s> left empty as an empty leaf', async (name) => {
    const { entries, error } = await read(
      bank({
        transactions: [`<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<${name}><NAME>SHOP</STMTTRN>`],
      }),
    );
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([`DBIT 50.00 USD SHOP at ${TRN1}`]);
  });

  it("reads a bank's own empty element inside a transaction as an empty leaf, with a note at it", async () => {
    const text = bank({
      transactions: [
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<CATEGORY><NAME>SHOP</STMTTRN>',
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-7.00<FITID>A2<CATEGORY><MEMO>x<NAME>BAKER</STMTTRN>',
      ],
    });
    const { entries, issues, notes, error } = await read(text);
    expect(error).toBeUndefined();
    // The <NAME> after <CATEGORY> is the transaction's own: the counterparty.
    expect(rows(entries)).toEqual([
      `DBIT 50.00 USD SHOP at ${TRN1}`,
      `DBIT 7.00 USD BAKER at ${STATEMENT}/BANKTRANLIST/STMTTRN[2]`,
    ]);
    expect(entries[1]?.details[0]?.remittanceInfo).toBe('x');
    // Not an element OFX defines: one warning for the name, and a count of the rest.
    expect(issues.map((issue) => [...brief(issue), issue.message])).toEqual([
      [
        'warning',
        'NOT_WELL_FORMED',
        14,
        65,
        `${TRN1}/CATEGORY`,
        "<CATEGORY> is not an element OFX defines in <STMTTRN>: not read. It is a bank's own element, or text after a '<' written without &lt;",
      ],
      [
        'warning',
        'NOT_WELL_FORMED',
        15,
        64,
        `${STATEMENT}/BANKTRANLIST/STMTTRN[2]/CATEGORY`,
        '1 more <CATEGORY> element OFX does not define in this file, not reported one by one; it is here',
      ],
    ]);
    expect(notes.filter(notOpeningBalance).map(brief)).toEqual([
      ['note', 'NOT_WELL_FORMED', 14, 65, `${TRN1}/CATEGORY`],
    ]);
    expect(notes[0]?.message).toBe(
      '<CATEGORY> has no value and no end tag: read as an empty element (an OFX 1.x leaf has no end tag), not as an aggregate holding what follows; so are further such elements in this file',
    );
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });

  it('reads an empty <TRNUID> before the statement as an empty leaf: the statement keeps its path', async () => {
    const { records, entries, issues, notes, error } = await read(bank({ trnuid: '<TRNUID>' }));
    expect(error).toBeUndefined();
    expect(statements(records)).toEqual([`${STATEMENT} 102`]);
    expect(records.at(-1)).toMatchObject({ kind: 'statement-end', statement: { location: { path: STATEMENT } } });
    expect(rows(entries)).toEqual([`DBIT 50.00 USD SHOP at ${TRN1}`]);
    expect(issues).toEqual([]);
    expect(notes.filter(notOpeningBalance).map(brief)).toEqual([
      ['note', 'NOT_WELL_FORMED', 9, 12, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/TRNUID'],
    ]);
  });

  it('still reads an element closed by its own end tag as an aggregate', async () => {
    const { entries, notes, error } = await read(
      bank({
        transactions: [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<EXTRA><NAME>SHOP</EXTRA></STMTTRN>',
        ],
      }),
    );
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([`DBIT 50.00 USD - at ${TRN1}`]); // EXTRA/NAME is not the counterparty
    expect(notes.filter(notOpeningBalance)).toEqual([]);
  });

  it('still refuses a transaction left open, and an aggregate left open inside one, behind such an element', async () => {
    const open = await read(
      bank({
        transactions: [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<CATEGORY>',
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-7.00<FITID>A2</STMTTRN>',
        ],
      }),
    );
    expect(open.error?.code).toBe('NOT_WELL_FORMED');
    expect(open.error?.message).toContain(
      '<STMTTRN> inside the <STMTTRN> at line 14, column 1: that transaction is left open',
    );
    const payee = await read(
      bank({
        transactions: [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<CATEGORY><PAYEE><NAME>SHOP</STMTTRN>',
        ],
      }),
    );
    expect(payee.entries).toEqual([]);
    expect(payee.error?.code).toBe('NOT_WELL_FORMED');
    expect(payee.error?.message).toContain(
      'expected </PAYEE> before </STMTTRN>: <PAYEE> is left open inside <STMTTRN>',
    );
  });

  it('still reports a file cut off after such an element as truncated', async () => {
    const text = bank({
      transactions: ['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<CATEGORY><NAME>SHOP</STMTTRN>'],
    });
    const cut = await read(text.slice(0, text.indexOf('<NAME>SHOP') + 8));
    expect(cut.error?.code).toBe('TRUNCATED');
    expect(cut.records.map((r) => r.kind)).toEqual(['statement-start']);
  });
});

describe('OFX detection (F6)', () => {
  /** An OFX 2.x body (lines 3 …), ASCII but for the name. */
  const xmlBody = [
    '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID>',
    '<STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>42</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>',
    '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-50.00</TRNAMT><FITID>A1</FITID><NAME>Café</NAME></STMTTRN>',
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ];
  const XML_ROW = `DBIT 50.00 USD Café at ${TRN1}`;

  it('(a) reads an XML declaration of UTF-16 over UTF-8 bytes (ofxgo samples) as UTF-8, with a warning at it', async () => {
    const bytes = Buffer.from(
      [
        '<?xml version="1.0" encoding="utf-16"?>',
        '<?OFX OFXHEADER="200" VERSION="203" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
        ...xmlBody,
      ].join('\n'),
      'utf8',
    );
    expect(detectFormat(bytes)).toBe('ofx');
    const { records, entries, issues, error } = await read(bytes);
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([XML_ROW]);
    expect(statements(records)).toEqual([`${STATEMENT} 203`]);
    expect(issues.map((i) => [i.severity, i.code, i.location])).toEqual([
      ['warning', 'INVALID_ENCODING', { file: 'bank.ofx', line: 1, column: 21 }],
    ]);
    expect(issues[0]?.message).toBe(
      'the XML declaration names the encoding UTF-16, but the file has no UTF-16 byte-order mark and no NUL bytes, so the declaration was written in 8-bit text: read as UTF-8 (if its text comes out wrong, name the encoding with --encoding)',
    );
  });

  it('(b) reads an XML declaration followed by <OFX>, without <?OFX?>, with a warning', async () => {
    const bytes = Buffer.from(['<?xml version="1.0" encoding="UTF-8"?>', '', ...xmlBody].join('\n'), 'utf8');
    expect(detectFormat(bytes)).toBe('ofx');
    const { records, entries, issues, error } = await read(bytes);
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([XML_ROW]);
    expect(statements(records)).toEqual([`${STATEMENT} undefined`]);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        1,
        1,
        undefined,
        'the XML declaration is not followed by the OFX header <?OFX OFXHEADER="200" VERSION="…"?>: read as OFX 2.x of unknown version',
      ],
    ]);
  });

  it.each([
    ['a comment before <OFX>', ['<!-- exported 2024-02-01 -->', '', ...xmlBody], 'undefined'],
    [
      'blank lines and a comment before OFXHEADER:',
      ['', '', '<!-- bank export -->', ...SGML_HEADER, ...xmlBody],
      '102',
    ],
  ])('(c) reads %s', async (_, lines, version) => {
    const bytes = Buffer.from(lines.join('\r\n'), 'utf8');
    expect(detectFormat(bytes)).toBe('ofx');
    const { records, entries, issues, error } = await read(bytes);
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([XML_ROW]);
    expect(statements(records)).toEqual([`${STATEMENT} ${version}`]);
    expect(issues).toEqual([]);
  });

  it('(d) reads OFX 1.x header lines without OFXHEADER:, in the code page they name, with a warning', async () => {
    const text = bank({
      header: SGML_HEADER.slice(1),
      transactions: ['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-50.00<FITID>A1<NAME>Café</STMTTRN>'],
    });
    const bytes = Buffer.from(text, 'latin1');
    expect(detectFormat(bytes)).toBe('ofx');
    const { records, entries, issues, error } = await read(bytes);
    expect(error).toBeUndefined();
    expect(rows(entries)).toEqual([`DBIT 50.00 USD Café at ${TRN1}`]);
    expect(statements(records)).toEqual([`${STATEMENT} 102`]);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        1,
        1,
        undefined,
        'the OFX 1.x header has no OFXHEADER line: read as OFX version 102 all the same',
      ],
    ]);
  });

  it('leaves camt with a comment or an XML declaration to camt, and other XML alone', () => {
    const camt = readFileSync(join(__dirname, 'fixtures', 'camt', 'camt053-v08-statement.xml'), 'utf8');
    expect(detectFormat(`<!-- exported -->\n${camt}`)).toBe('camt.053');
    expect(detectFormat(Buffer.from(camt, 'utf8'))).toBe('camt.053');
    const billing =
      '<?xml version="1.0"?>\n<!-- x -->\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.086.001.02">';
    expect(detectFormat(billing)).toBeUndefined();
    expect(detectFormat('<?xml version="1.0"?><!-- <OFX> --><root><OFX>')).toBeUndefined();
    expect(detectFormat('VERSION:102\nENCODING:USASCII\n\nDate,Amount\n')).toBeUndefined();
  });

  it('names OFX and --from for a file it does not recognise that contains <OFX>', () => {
    expect(unrecognisedFormatHint('Exported by MyBank\n<OFX><BANKMSGSRSV1>')).toBe(
      '; it contains <OFX>: if it is an OFX statement, name the format with --from ofx (library: format: "ofx")',
    );
    expect(unrecognisedFormatHint(Buffer.from('Date,Amount\n'))).toBe('');
  });

  it('says so in the error for such a file', async () => {
    const refused = parseString(Buffer.from('Exported by MyBank\n<OFX><BANKMSGSRSV1>'), { fileName: 'x.ofx' });
    await expect(
      (async () => {
        for await (const record of refused) void record;
      })(),
    ).rejects.toMatchObject({ code: 'UNKNOWN_FORMAT', message: expect.stringContaining('--from ofx') });
  });
});

describe('OFX posted transaction without <TRNTYPE> or <FITID>', () => {
  it('converts it with a warning at the transaction (missing) or at the element (empty) for each', async () => {
    const text = bank({
      transactions: [
        '<STMTTRN><DTPOSTED>20240105<TRNAMT>-50.00<NAME>SHOP</STMTTRN>', // 14
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-5.00<FITID><NAME>SHOP</STMTTRN>', // 15
      ],
    });
    const { entries, issues, error } = await read(text);
    expect(error).toBeUndefined();
    expect(entries.map((e) => `${e.bankTransactionCode ?? '-'} ${e.accountServicerReference ?? '-'}`)).toEqual([
      '- -',
      'DEBIT -',
    ]);
    expect(issues.map(brief)).toEqual([
      ['warning', 'MISSING_ELEMENT', 14, 1, TRN1],
      ['warning', 'MISSING_ELEMENT', 14, 1, TRN1],
      ['warning', 'MISSING_ELEMENT', 15, 55, `${STATEMENT}/BANKTRANLIST/STMTTRN[2]/FITID`],
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      'the transaction has no <TRNTYPE>, which OFX requires; its row has no bank transaction code',
      'the transaction has no <FITID>, which OFX requires; its row has no account servicer reference',
      'the transaction has an empty <FITID>, which OFX requires; its row has no account servicer reference',
    ]);
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });
});
