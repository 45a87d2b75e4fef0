import iconv from 'iconv-lite';
import { parseStream, StatementParseError, type ParseIssue, type StatementRecord } from '@stmt/parser';

/** Two letters of an 8-bit code page that form valid UTF-8: `ÓŁ` in ISO-8859-2 or Windows-1250 is `D3 A3`, U+04E3 `ӣ`. */
const SPOLKA = 'FIRMA SPÓŁKA Z O.O.';

interface Read {
  records: StatementRecord[];
  issues: ParseIssue[];
  /** The text of every entry (counterparty names, remittance lines), as JSON. */
  text: string;
}

async function read(bytes: Buffer, chunkSize = 4096): Promise<Read> {
  async function* chunks(): AsyncIterable<Buffer> {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  }
  const records: StatementRecord[] = [];
  const issues: ParseIssue[] = [];
  try {
    for await (const record of parseStream(chunks(), { fileName: 'f', onIssue: (issue) => issues.push(issue) }))
      records.push(record);
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    throw new Error(`${error.code}: ${error.message}`);
  }
  const entries = records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));
  return { records, issues, text: JSON.stringify(entries) };
}

const encodingIssues = (issues: ParseIssue[]): ParseIssue[] => issues.filter((i) => i.code === 'INVALID_ENCODING');

/** An MT940 statement with one debit of 1,00 for each `:86:` line, `padding` ASCII entries first. */
function mt940(details: Buffer[], padding = 0): Buffer {
  const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
  const entry = (text: Buffer): Buffer[] => [ascii(':61:2403150315D1,00NTRFNONREF\r\n:86:'), text, ascii('\r\n')];
  const all = [...Array.from({ length: padding }, (_, i) => ascii(`PADDING ENTRY ${i} IN PLAIN ASCII`)), ...details];
  return Buffer.concat([
    ascii(':20:STMT1\r\n:25:PL61109010140000071219812874\r\n:28C:1/1\r\n:60F:C240315PLN100000,00\r\n'),
    ...all.flatMap(entry),
    ascii(`:62F:C240315PLN${100000 - all.length},00\r\n-\r\n`),
  ]);
}

describe('MT940 without --encoding: the file is 8-bit when most of its 8-bit lines are not UTF-8', () => {
  it('reads lines that happen to be valid UTF-8 in the code page of an 8-bit file, and keeps UTF-8 lines in a UTF-8 file', async () => {
    const polish = (text: string): Buffer => iconv.encode(text, 'iso-8859-2');
    const eightBit = await read(
      mt940([polish(SPOLKA), polish('UL.CIEPŁOWNICZA 27'), polish('SZCZECIŃSKI'), polish('ŚWIDNICA')]),
    );
    expect(eightBit.text).toContain(SPOLKA);
    expect(eightBit.text).toContain('UL.CIEPŁOWNICZA 27');
    expect(eightBit.text).toContain('ŚWIDNICA');
    expect(eightBit.text).not.toMatch(/[\u04E2\u04E3]/);
    // One warning, at the first line read in the code page: the one that is valid UTF-8 by chance.
    expect(encodingIssues(eightBit.issues)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: { file: 'f', line: 6, column: 1 },
        message: expect.stringContaining('read as iso-8859-2'),
      }),
    ]);

    // The other way round: UTF-8 lines outnumber the one stray 8-bit line, which alone is read in a code page.
    const utf8 = await read(
      mt940([Buffer.from('Zapłata za fakturę'), polish('ŚWIDNICA'), Buffer.from('Łódź'), Buffer.from('Gdańsk')]),
    );
    expect(utf8.text).toContain('Zapłata za fakturę');
    expect(utf8.text).toContain('Łódź');
    expect(utf8.text).toContain('Gdańsk');
    expect(utf8.text).toContain('ŚWIDNICA');
    expect(encodingIssues(utf8.issues)).toEqual([
      expect.objectContaining({
        location: { file: 'f', line: 8, column: 1 },
        message: expect.stringContaining('read as iso-8859-2'),
      }),
    ]);
  });

  it('turns 8-bit past an ASCII head at the first line that is not UTF-8, for the lines after it', async () => {
    const polish = (text: string): Buffer => iconv.encode(text, 'iso-8859-2');
    const bytes = mt940([polish('WROCŁAW'), polish(SPOLKA)], 2000);
    expect(bytes.indexOf(polish('WROCŁAW'))).toBeGreaterThan(64 * 1024);
    const result = await read(bytes);
    expect(result.text).toContain('WROCŁAW');
    expect(result.text).toContain(SPOLKA);
    expect(result.text).not.toMatch(/[\u04E2\u04E3]/);
    expect(encodingIssues(result.issues)).toHaveLength(1);
  });
});

/** An OFX 1.x file declaring `charset`, with one transaction per name. */
function sgml(charset: string, names: Buffer[]): Buffer {
  const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
  return Buffer.concat([
    ascii(`OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:${charset}\n\n`),
    ...body(names),
  ]);
}

/** An OFX 2.x file whose XML declaration names `encoding`, with one transaction per name. */
function xml(encoding: string, names: Buffer[]): Buffer {
  const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
  return Buffer.concat([
    ascii(`<?xml version="1.0" encoding="${encoding}"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n`),
    ...body(names, true),
  ]);
}

function body(names: Buffer[], closed = false): Buffer[] {
  const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
  const end = (tag: string): string => (closed ? `</${tag}>` : '');
  return [
    ascii(
      `<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1${end('TRNUID')}<STMTRS><CURDEF>PLN${end('CURDEF')}<BANKACCTFROM><BANKID>1${end('BANKID')}<ACCTID>42${end('ACCTID')}<ACCTTYPE>CHECKING${end('ACCTTYPE')}</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20240101${end('DTSTART')}<DTEND>20240131${end('DTEND')}\n`,
    ),
    ...names.flatMap((name, i) => [
      ascii(
        `<STMTTRN><TRNTYPE>CREDIT${end('TRNTYPE')}<DTPOSTED>20240102${end('DTPOSTED')}<TRNAMT>1.00${end('TRNAMT')}<FITID>${i}${end('FITID')}<MEMO>`,
      ),
      name,
      ascii(`${end('MEMO')}</STMTTRN>\n`),
    ]),
    ascii('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n'),
  ];
}

describe('OFX: a declared 8-bit character set gives way to UTF-8 only on strong evidence', () => {
  it('keeps CHARSET:1250 when a single valid UTF-8 pair reads as two letters in it', async () => {
    const result = await read(sgml('1250', [iconv.encode(SPOLKA, 'windows-1250')]));
    expect(result.text).toContain(SPOLKA);
    expect(result.text).not.toMatch(/[\u04E2\u04E3]/);
  });

  it('reads UTF-8 over CHARSET:1250 from 3 sequences that read as letters in it on, with a warning, or from one that does not', async () => {
    // UTF-8 `ó` (C3 B3) reads as the two letters `Ăł` in Windows-1250: only the count decides.
    const two = await read(sgml('1250', [Buffer.from('Kraków'), Buffer.from('Opole ó')]));
    expect(two.text).toContain('KrakĂłw');
    expect(encodingIssues(two.issues).some((i) => i.message.includes('read as UTF-8 instead'))).toBe(false);

    const three = await read(sgml('1250', [Buffer.from('Kraków'), Buffer.from('Opole ó'), Buffer.from('Bytów')]));
    expect(three.text).toContain('Kraków');
    expect(three.text).toContain('Bytów');
    expect(encodingIssues(three.issues)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: { file: 'f', line: 6, column: 1 },
        message: expect.stringMatching(/CHARSET:1250, but .*3 UTF-8 characters.*read as UTF-8 instead/),
      }),
    ]);

    // UTF-8 `ł` (C5 82) is `Ĺ‚` in Windows-1250: not text, so UTF-8 without a doubt (and without a warning).
    const symbol = await read(sgml('1250', [Buffer.from('Wrocław')]));
    expect(symbol.text).toContain('Wrocław');
    expect(encodingIssues(symbol.issues)).toEqual([]);
  });

  it('applies the same rule to the encoding of an OFX 2.x XML declaration', async () => {
    const weak = await read(xml('windows-1250', [iconv.encode(SPOLKA, 'windows-1250')]));
    expect(weak.text).toContain(SPOLKA);
    const strong = await read(
      xml('windows-1250', [Buffer.from('Kraków'), Buffer.from('Opole ó'), Buffer.from('Bytów')]),
    );
    expect(strong.text).toContain('Kraków');
    expect(encodingIssues(strong.issues)).toEqual([
      expect.objectContaining({
        location: { file: 'f', line: 1, column: 21 },
        message: expect.stringMatching(/WINDOWS-1250, but .*read as UTF-8 instead/),
      }),
    ]);
  });

  it('reads CHARSET:ISO-8859-2 as ISO-8859-2', async () => {
    const result = await read(sgml('ISO-8859-2', [iconv.encode('ŚWIDNICA ąś', 'iso-8859-2')]));
    expect(result.text).toContain('ŚWIDNICA ąś');
  });
});
