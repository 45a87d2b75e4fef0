import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Entry, ParseIssue, ParseOptions } from '@stmt/parser';
import { guessCodePage } from '../src/code-pages';
import { chunked, collect, firstError, toJson, type Outcome } from './support/outcome';
import { readOnThreadsAndAlone } from './support/threads';
import { parseFragment } from '../src/camt/fragment';

// What a tester found in camt files: text in windows-1252 labelled ISO-8859-1, C1 control
// characters, padding after the document, unambiguous values in another spelling, a second
// document, and deviations read without a word. Each is read (or refused) at its place, the
// same on one thread and on several (docs/formats.md, tolerance policy).

const read = (bytes: Buffer, options: ParseOptions = {}, size = 64): Promise<Outcome> =>
  collect(chunked(bytes, size), { fileName: 'f.xml', ...options });
const entries = (outcome: Outcome): Entry[] =>
  outcome.records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));
const warnings = (outcome: Outcome): ParseIssue[] =>
  outcome.issues.filter((issue) => issue.severity === 'warning' && !/no reconciliation possible/.test(issue.message));

/** 1-based line and column of `text[index]`. */
function place(text: string, index: number): { line: number; column: number } {
  const lines = text.slice(0, index).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] as string).length + 1 };
}

function entryXml(i: number, name = `Händler ${i}`): string {
  return `    <Ntry>
      <NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${i + 1}.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Cdtr><Pty><Nm>${name}</Nm></Pty></Cdtr></RltdPties>
        <RmtInf><Ustrd>Invoice ${i}</Ustrd></RmtInf></TxDtls></NtryDtls>
    </Ntry>
`;
}

function statement053(entries: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'): string {
  return `${declaration}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
  <GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}  </Stmt>
</BkToCstmrStmt></Document>
`;
}

const tenEntries = (edit: (entry: string) => string): string =>
  Array.from({ length: 10 }, (_, i) => (i === 5 ? edit(entryXml(i)) : entryXml(i))).join('');

describe('windows-1252 text labelled ISO-8859-1, and C1 control characters', () => {
  const latin1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';

  it('reads bytes 0x80–0x9F of an ISO-8859-1 file as windows-1252, as browsers do, warning at the first', async () => {
    const xml = statement053(entryXml(0, 'Müller € „Test“ – ok'), latin1);
    const outcome = await read(iconv.encode(xml, 'windows-1252'));
    expect(outcome.error).toBeNull();
    expect(entries(outcome)[0]?.details[0]?.creditor?.name).toBe('Müller € „Test“ – ok');
    expect(warnings(outcome)).toEqual([
      {
        code: 'INVALID_ENCODING',
        severity: 'warning',
        message: expect.stringMatching(/read as ISO-8859-1, .*byte 80 .*read as windows-1252/),
        location: { file: 'f.xml', ...place(xml, xml.indexOf('€')) },
      },
    ]);
    // Bytes 0xA0–0xFF are ISO-8859-1's own: no warning.
    const plain = await read(iconv.encode(statement053(entryXml(0, 'Müller'), latin1), 'latin1'));
    expect(warnings(plain)).toEqual([]);
    expect(entries(plain)[0]?.details[0]?.creditor?.name).toBe('Müller');
  });

  it('reads a C1 control character as U+FFFD, with a warning at its place', async () => {
    const xml = statement053(entryXml(0, 'Caf\u0093e'));
    const outcome = await read(Buffer.from(xml, 'utf8'));
    expect(entries(outcome)[0]?.details[0]?.creditor?.name).toBe('Caf\ufffde');
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        code: 'NOT_WELL_FORMED',
        message: expect.stringMatching(/^the C1 control character U\+0093 is no text/),
        location: expect.objectContaining({ ...place(xml, xml.indexOf('\u0093')) }),
      }),
    ]);
  });

  it('guesses the same code page for a file with a UTF-8 byte-order mark as without', async () => {
    const body = iconv.encode(statement053(entryXml(0, 'Grüße Müller Straße')), 'windows-1252');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]);
    expect(guessCodePage(bom)).toBe(guessCodePage(body));
    expect((await firstError(bom)).message).toMatch(/look like windows-1252/);
  });
});

describe('padding after the document', () => {
  it.each([
    ['a DOS Ctrl-Z', '\u001a', /a Ctrl-Z/],
    ['NUL bytes', '\u0000'.repeat(12), /a NUL byte/],
  ])('%s after </Document> is read as padding, with a warning at it', async (_label, padding, message) => {
    const xml = statement053(entryXml(0)) + padding;
    const outcome = await read(Buffer.from(xml, 'utf8'));
    expect(outcome.error).toBeNull();
    expect(entries(outcome)).toHaveLength(1);
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        code: 'NOT_WELL_FORMED',
        message: expect.stringMatching(message),
        location: { file: 'f.xml', ...place(xml, xml.length - padding.length) },
      }),
    ]);
    // Text after the padding is still no padding.
    expect((await read(Buffer.from(`${xml}x`, 'utf8'))).error).toMatchObject({ code: 'NOT_WELL_FORMED' });
  });

  it('a second document is refused at its start, saying to split the file', async () => {
    const one = statement053(entryXml(0));
    const xml = one + one.replace(/^<\?xml[^>]*>\n/, '');
    const outcome = await read(Buffer.from(xml, 'utf8'));
    expect(outcome.error).toEqual({
      code: 'NOT_WELL_FORMED',
      message: expect.stringMatching(/second document.*second root element <Document>.*split the file/),
      location: { file: 'f.xml', ...place(xml, one.length), path: 'Document' },
    });
  });
});

describe('unambiguous values in another spelling are read, with a warning at their place', () => {
  it.each<[string, (entry: string) => string, string, (entry: Entry) => unknown, unknown]>([
    ['a direction in lower case', (e) => e.replace('>DBIT<', '>dbit<'), 'CdtDbtInd', (e) => e.creditDebit, 'DBIT'],
    [
      'a reversal indicator in capitals',
      (e) => e.replace('<Sts>', '<RvslInd>TRUE</RvslInd><Sts>'),
      'RvslInd',
      (e) => e.reversal,
      true,
    ],
    ['a currency with a space', (e) => e.replace('Ccy="EUR"', 'Ccy=" EUR"'), 'Amt', (e) => e.money.currency, 'EUR'],
    [
      'midnight written as 24:00:00',
      (e) => e.replace('<Dt>2024-03-01</Dt>', '<DtTm>2024-02-29T24:00:00+01:00</DtTm>'),
      'BookgDt/DtTm',
      (e) => e.bookingDate,
      '2024-03-01T00:00:00+01:00',
    ],
    [
      'a no-break space after an amount',
      (e) => e.replace('1.00</Amt>', '1.00\u00a0</Amt>'),
      'Amt',
      (e) => e.money.amount.toString(),
      '1.00',
    ],
    ['a negative zero', (e) => e.replace('1.00</Amt>', '-0.00</Amt>'), 'Amt', (e) => e.money.amount.toString(), '0.00'],
  ])('%s', async (_label, edit, element, field, expected) => {
    const outcome = await read(Buffer.from(statement053(edit(entryXml(0))), 'utf8'));
    expect(outcome.error).toBeNull();
    const [entry] = entries(outcome);
    expect(field(entry as Entry)).toEqual(expected);
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        location: expect.objectContaining({ path: `Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/${element}` }),
      }),
    ]);
    const strict = await read(Buffer.from(statement053(edit(entryXml(0))), 'utf8'), { strict: true });
    expect(strict.issues.some((issue) => issue.severity === 'error')).toBe(true);
  });

  it('still refuses what cannot be read', async () => {
    for (const edit of [
      (e: string) => e.replace('>DBIT<', '>DEBIT<'),
      (e: string) => e.replace('<Sts>', '<RvslInd>yes</RvslInd><Sts>'),
      (e: string) => e.replace('Ccy="EUR"', 'Ccy="E UR"'),
      (e: string) => e.replace('<Dt>2024-03-01</Dt>', '<DtTm>2024-03-01T24:00:01</DtTm>'),
    ]) {
      const outcome = await read(Buffer.from(statement053(edit(entryXml(0))), 'utf8'));
      expect(outcome.issues.some((issue) => issue.severity === 'error')).toBe(true);
    }
  });
});

describe('deviations that were read without a word', () => {
  it('a UTF-8 byte-order mark before a declaration of ISO-8859-1: the mark wins, with a warning', async () => {
    const xml = statement053(entryXml(0, 'Müller €'), '<?xml version="1.0" encoding="ISO-8859-1"?>\n');
    const outcome = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]));
    expect(entries(outcome)[0]?.details[0]?.creditor?.name).toBe('Müller €');
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        code: 'INVALID_ENCODING',
        message: expect.stringMatching(/UTF-8 byte-order mark, but its XML declaration says encoding="ISO-8859-1"/),
        location: { file: 'f.xml', ...place(xml, xml.indexOf('encoding')) },
      }),
    ]);
  });

  it('white space before the XML declaration', async () => {
    const xml = `  \n${statement053(entryXml(0))}`;
    const outcome = await read(Buffer.from(xml, 'utf8'));
    expect(entries(outcome)).toHaveLength(1);
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        code: 'NOT_WELL_FORMED',
        message: expect.stringMatching(/declaration .* does not start the file/),
        location: { file: 'f.xml', line: 2, column: 1 },
      }),
    ]);
  });

  it.each([
    [
      'amount',
      (e: string) => e.replace('<Refs>', '<Amt Ccy="EUR">2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Refs>'),
      '-2.00',
    ],
    [
      'direction',
      (e: string) => e.replace('<Refs>', '<Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Refs>'),
      '1.00',
    ],
  ])('a single transaction detail whose %s contradicts its entry', async (_label, edit, detail) => {
    const outcome = await read(Buffer.from(statement053(edit(entryXml(0))), 'utf8'));
    expect(entries(outcome)[0]?.money.amount.toString()).toBe('1.00');
    expect(entries(outcome)[0]?.creditDebit).toBe('DBIT');
    expect(warnings(outcome)).toEqual([
      expect.objectContaining({
        code: 'INVALID_VALUE',
        message: expect.stringContaining(
          `the transaction detail of this <Ntry> gives ${detail} EUR, the entry -1.00 EUR`,
        ),
        location: expect.objectContaining({ path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls' }),
      }),
    ]);
    // A detail that agrees: no warning.
    const agreeing = (e: string): string =>
      e.replace('<Refs>', '<Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Refs>');
    expect(warnings(await read(Buffer.from(statement053(agreeing(entryXml(0))), 'utf8')))).toEqual([]);
  });
});

describe('the threads read these as the document reader does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-findings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each<[string, (entry: string) => string, string, ParseOptions, string]>([
    ['windows-1252 in ISO-8859-1', (e) => e.replace('Händler', 'Händler € „x“'), 'INVALID_ENCODING', {}, 'latin1'],
    ['a C1 control character', (e) => e.replace('Händler', 'Hän\u0096dler'), 'NOT_WELL_FORMED', {}, 'utf8'],
    ['a direction in lower case', (e) => e.replace('>DBIT<', '>dbit<'), 'INVALID_VALUE', {}, 'utf8'],
    ['a reversal in capitals', (e) => e.replace('<Sts>', '<RvslInd>TRUE</RvslInd><Sts>'), 'INVALID_VALUE', {}, 'utf8'],
    ['a currency with a space', (e) => e.replace('Ccy="EUR"', 'Ccy="EUR "'), 'INVALID_VALUE', {}, 'utf8'],
    [
      '24:00:00',
      (e) => e.replace('<Dt>2024-03-01</Dt>', '<DtTm>2024-03-01T24:00:00</DtTm>'),
      'INVALID_DATE',
      {},
      'utf8',
    ],
    ['a no-break space', (e) => e.replace('.00</Amt>', '.00\u00a0</Amt>'), 'INVALID_VALUE', {}, 'utf8'],
    ['a negative zero', (e) => e.replace(/>\d+\.00<\/Amt>/, '>-0.00</Amt>'), 'INVALID_AMOUNT', {}, 'utf8'],
    [
      'a single detail against its entry',
      (e) => e.replace('<Refs>', '<Amt Ccy="EUR">99.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Refs>'),
      'INVALID_VALUE',
      {},
      'utf8',
    ],
  ])('%s', async (label, edit, code, options, encoding) => {
    const path = join(dir, `${label.replace(/\W+/g, '-')}.xml`);
    const declaration =
      encoding === 'latin1'
        ? '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        : '<?xml version="1.0" encoding="UTF-8"?>\n';
    const xml = statement053(tenEntries(edit), declaration);
    writeFileSync(path, encoding === 'latin1' ? iconv.encode(xml, 'windows-1252') : Buffer.from(xml, 'utf8'));
    const { parallel, sequential, taken } = await readOnThreadsAndAlone(path, {
      ...options,
      ...(encoding === 'latin1' ? { encoding: 'iso-8859-1' } : {}),
    });
    expect(sequential.error).toBeNull();
    expect(sequential.issues).toContainEqual(expect.objectContaining({ code, severity: 'warning' }));
    expect(toJson(parallel)).toEqual(toJson(sequential));
    expect(taken).toContain(true);
  });
});

describe('a fragment with a C1 control character', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-c1-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops at it wherever the reads cut its two UTF-8 bytes, and reads on without one', () => {
    const text = (entryXml(0) + entryXml(1, 'Hän\u0096dler')).trimEnd();
    const clean = text.replace('\u0096', '');
    const context = [
      { name: 'Document', attributes: { xmlns: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08' } },
      { name: 'BkToCstmrStmt', attributes: {} },
      { name: 'Stmt', attributes: {} },
    ];
    const job = (name: string, body: string, readBytes: number) => {
      const path = join(dir, name);
      writeFileSync(path, body, 'utf8');
      return { path, encoding: 'utf-8', start: 0, end: Buffer.byteLength(body), context, readBytes };
    };
    // Reads of 1 to 64 bytes: some end on the C2 byte (every size dividing its offset + 1), most elsewhere.
    for (let readBytes = 1; readBytes <= 64; readBytes++) {
      expect(parseFragment(job('c1.xml', text, readBytes)).stoppedBy).toBe('a C1 control character');
      expect(parseFragment(job('clean.xml', clean, readBytes)).stoppedBy).toBeUndefined();
    }
  });
});
