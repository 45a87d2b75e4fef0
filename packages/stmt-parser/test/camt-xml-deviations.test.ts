import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { parseStream, StatementParseError, type Entry, type ParseOptions } from '@stmt/parser';
import { chunked, collect, FIXTURE_DIR, toJson, type Outcome } from './support/outcome';
import { readOnThreadsAndAlone } from './support/threads';

// Deviations from XML 1.0 and from the camt schema that the XML parser alone lets through or
// refuses for the wrong reason: each is placed, read the tolerant way when no row depends on
// it (docs/formats.md, tolerance policy), and read the same by the document reader (sax) and by
// the fragments read on other threads (saxes).

const fixture = (name: string): string => readFileSync(join(FIXTURE_DIR, name), 'utf8');

/**
 * Parses as `validate` does (issues collected), in chunks of `size` bytes. The warning that the
 * test statements have no balances is left out.
 */
async function validate(xml: string | Buffer, options: ParseOptions = {}, size = 4096): Promise<Outcome> {
  const bytes = Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8');
  const outcome = await collect(chunked(bytes, size), { fileName: 'f.xml', ...options });
  return { ...outcome, issues: outcome.issues.filter((issue) => !/no reconciliation possible/.test(issue.message)) };
}

/** Parses as `convert` does: the first error-severity issue ends the parse. */
async function convert(xml: string | Buffer, options: ParseOptions = {}): Promise<StatementParseError | Entry[]> {
  const bytes = Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8');
  const entries: Entry[] = [];
  try {
    for await (const record of parseStream(chunked(bytes, 4096), { fileName: 'f.xml', ...options }))
      if (record.kind === 'entry') entries.push(record.entry);
  } catch (error) {
    if (error instanceof StatementParseError) return error;
    throw error;
  }
  return entries;
}

/** 1-based line and column of `text[index]`, counted as the XML parser counts them. */
function place(text: string, index: number): { line: number; column: number } {
  const lines = text.slice(0, index).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] as string).length + 1 };
}

/** `text` with `insert` placed right after the first occurrence of `after`. */
function insertAfter(text: string, after: string, insert: string): string {
  const at = text.indexOf(after);
  if (at < 0) throw new Error(`no ${after} in the text`);
  return text.slice(0, at + after.length) + insert + text.slice(at + after.length);
}

const entries = (outcome: Outcome): Entry[] =>
  outcome.records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));

describe('a single-valued element given twice', () => {
  const repeated = '<CdtDbtInd>DBIT</CdtDbtInd><Amt Ccy="EUR">99999.99</Amt>';

  it.each([
    ['camt054-v08-notification.xml', 'Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Ntry[1]', '1250.00', 'CRDT'],
    ['camt053-v08-statement.xml', 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]', '610.00', 'DBIT'],
  ])('%s: a second <CdtDbtInd> and <Amt> in an entry are errors at themselves', async (name, entry, amount, sign) => {
    const original = fixture(name);
    const first = original.indexOf('</CdtDbtInd>', original.indexOf('<Ntry>')) + '</CdtDbtInd>'.length;
    const xml = original.slice(0, first) + repeated + original.slice(first);
    const result = await validate(xml);
    const errors = result.issues.filter((issue) => issue.severity === 'error');
    expect(errors.slice(0, 2)).toEqual([
      {
        code: 'INVALID_VALUE',
        severity: 'error',
        message: expect.stringMatching(/second <CdtDbtInd> in <Ntry>.*ISO 20022 allows one/),
        location: { file: 'f.xml', ...place(xml, first), path: `${entry}/CdtDbtInd` },
      },
      {
        code: 'INVALID_VALUE',
        severity: 'error',
        message: expect.stringMatching(/second <Amt> in <Ntry>/),
        location: { file: 'f.xml', ...place(xml, first + repeated.indexOf('<Amt')), path: `${entry}/Amt` },
      },
    ]);
    // The first values are kept; the file is refused.
    expect(entries(result)[0]).toMatchObject({ creditDebit: sign, money: { currency: 'EUR' } });
    expect(entries(result)[0]?.money.amount.toString()).toBe(amount);
    const refused = await convert(xml);
    expect(refused).toBeInstanceOf(StatementParseError);
    expect(refused).toMatchObject({ code: 'INVALID_VALUE', location: place(xml, first) });
  });

  // Every element whose value reaches a row: a second one is an error where it stands.
  it.each([
    ['<Sts><Cd>BOOK</Cd></Sts>', '<Sts><Cd>PDNG</Cd></Sts>', 'Ntry[1]/Sts/Cd'],
    ['<BookgDt><Dt>2024-03-01</Dt>', '<DtTm>2024-03-02T10:00:00</DtTm>', 'Ntry[1]/BookgDt/DtTm'],
    [
      '<BookgDt><Dt>2024-03-01</Dt></BookgDt>',
      '<ValDt><Dt>2024-03-01</Dt></ValDt><ValDt><Dt>2024-03-05</Dt></ValDt>',
      'Ntry[1]/ValDt/Dt',
    ],
    ['<NtryRef>N0</NtryRef>', '<NtryRef>N9</NtryRef>', 'Ntry[1]/NtryRef'],
    [
      '<BookgDt><Dt>2024-03-01</Dt></BookgDt>',
      '<AcctSvcrRef>A</AcctSvcrRef><AcctSvcrRef>B</AcctSvcrRef>',
      'Ntry[1]/AcctSvcrRef',
    ],
    ['<BookgDt><Dt>2024-03-01</Dt></BookgDt>', '<RvslInd>false</RvslInd><RvslInd>true</RvslInd>', 'Ntry[1]/RvslInd'],
    ['<EndToEndId>E2E-0</EndToEndId>', '<EndToEndId>E2E-X</EndToEndId>', 'TxDtls[1]/Refs/EndToEndId'],
    ['<Nm>Händler 0</Nm>', '<Nm>Someone else</Nm>', 'TxDtls[1]/RltdPties/Cdtr/Pty/Nm'],
    [
      '</Cdtr>',
      '<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>',
      'TxDtls[1]/RltdPties/CdtrAcct/Id/IBAN',
    ],
    ['<TxDtls>', '<Amt Ccy="EUR">1.00</Amt><Amt Ccy="EUR">2.00</Amt>', 'TxDtls[1]/Amt'],
  ])('after %s, %s', async (after, insert, path) => {
    const xml = statement053(insertAfter(entryXml(0), after, insert));
    const result = await validate(xml);
    const errors = result.issues.filter((issue) => issue.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'INVALID_VALUE',
      message: expect.stringMatching(/^a second <\w+> in <\w+>, where ISO 20022 allows one: the row would depend/),
    });
    expect(errors[0]?.location.path).toBe(
      `Document/BkToCstmrStmt/Stmt[1]/${path.replace(/^TxDtls/, 'Ntry[1]/NtryDtls/TxDtls')}`,
    );
    expect(await convert(xml)).toMatchObject({ code: 'INVALID_VALUE' });
  });

  it('in the statement header or a balance, no row depends on it: a warning, and the first value is read', async () => {
    let xml = insertAfter(fixture('camt053-v08-statement.xml'), '<LglSeqNb>88</LglSeqNb>', '<LglSeqNb>99</LglSeqNb>');
    xml = insertAfter(xml, '<Amt Ccy="EUR">5000.00</Amt>', '<Amt Ccy="EUR">1.00</Amt>');
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map((issue) => [issue.severity, issue.code, issue.location.path])).toEqual([
      ['warning', 'INVALID_VALUE', 'Document/BkToCstmrStmt/Stmt[1]/LglSeqNb'],
      ['warning', 'INVALID_VALUE', 'Document/BkToCstmrStmt/Stmt[1]/Bal[1]/Amt'],
    ]);
    expect(result.issues[0]?.message).toMatch(
      /a second <LglSeqNb> in <Stmt>, where ISO 20022 allows one; the first is read/,
    );
    const start = result.records.find((record) => record.kind === 'statement-start');
    expect(start?.kind === 'statement-start' && start.statement.legalSequenceNumber).toBe('88');
    const end = result.records.find((record) => record.kind === 'statement-end');
    expect(end?.kind === 'statement-end' && end.statement.balances[0]?.money.amount.toString()).toBe('5000.00');
  });

  it('repeatable elements and an account name next to the party name are not repetitions', async () => {
    let xml = insertAfter(entryXml(0), '</Ustrd>', '<Ustrd>second line</Ustrd>');
    xml = insertAfter(
      xml,
      '</Cdtr>',
      '<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id><Nm>Konto</Nm></CdtrAcct>',
    );
    const result = await validate(statement053(xml));
    expect(result.issues).toEqual([]);
    const detail = entries(result)[0]?.details[0];
    expect(detail?.creditor).toEqual({ name: 'Händler 0', iban: 'DE02120300000000202051' });
    expect(detail?.remittanceInfo).toBe('Invoice 0 — März second line');
    // Without a party name, the account's name names the party, as before.
    const accountOnly = await validate(statement053(xml.replace('<Pty><Nm>Händler 0</Nm></Pty>', '<Pty></Pty>')));
    expect(entries(accountOnly)[0]?.details[0]?.creditor?.name).toBe('Konto');
  });
});

describe('control characters, which XML 1.0 does not allow', () => {
  it.each([
    ['an escape sequence', 'A\u001b[31mB', 'A\ufffd[31mB'],
    ['NUL', 'A\u0000B', 'A\ufffdB'],
    ['a character reference', 'A&#1;B&#x1B;', 'A\ufffdB\ufffd'],
    ['U+FFFF', 'A\uffffB', 'A\ufffdB'],
  ])('%s in a name is a warning at the character, and U+FFFD in the value', async (_, written, read) => {
    const xml = statement053(entryXml(0).replace('Händler 0', written));
    for (const size of [1, 4096]) {
      const result = await validate(xml, {}, size);
      expect(result.error).toBeNull();
      expect(result.issues.length).toBeGreaterThan(0);
      let from = xml.indexOf(written);
      for (const issue of result.issues) {
        const at = Math.min(
          ...['\u0000', '\u001b', '\uffff', '&#'].map((mark) => xml.indexOf(mark, from)).filter((i) => i >= 0),
        );
        expect(issue).toEqual({
          code: 'NOT_WELL_FORMED',
          severity: 'warning',
          message: expect.stringMatching(
            /^the (control )?character U\+[0-9A-F]{4} is not allowed in XML; read as U\+FFFD/,
          ),
          location: {
            file: 'f.xml',
            ...place(xml, at),
            path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]/RltdPties/Cdtr/Pty/Nm',
          },
        });
        from = at + 1;
      }
      expect(entries(result)[0]?.details[0]?.creditor?.name).toBe(read);
    }
    const converted = await convert(xml);
    expect(Array.isArray(converted) && converted[0]?.details[0]?.creditor?.name).toBe(read);
    expect(await convert(xml, { strict: true })).toMatchObject({ code: 'NOT_WELL_FORMED' });
  });

  it('in an attribute value and a comment too; outside the root element it stays an error', async () => {
    const xml = statement053(entryXml(0).replace('<NtryDtls>', '<!-- a \u0007 bell --><NtryDtls Note="x\u0002y">'));
    const result = await validate(xml);
    expect(
      result.issues.map((issue) => [issue.code, issue.severity, issue.location.line, issue.location.column]),
    ).toEqual([
      ['NOT_WELL_FORMED', 'warning', place(xml, xml.indexOf('\u0007')).line, place(xml, xml.indexOf('\u0007')).column],
      ['NOT_WELL_FORMED', 'warning', place(xml, xml.indexOf('\u0002')).line, place(xml, xml.indexOf('\u0002')).column],
    ]);
    // (NUL and Ctrl-Z there are padding: see 'padding after the document'.)
    expect((await validate(`${statement053(entryXml(0))}\u0002`)).error).toMatchObject({ code: 'NOT_WELL_FORMED' });
  });
});

describe('an HTML entity such as &eacute; (XML defines five)', () => {
  it('is read by its HTML meaning, with a warning at its "&"; an undefined one stays an error', async () => {
    const xml = statement053(entryXml(0).replace('<Nm>Händler 0</Nm>', '<Nm>Ren&eacute;&nbsp;&amp; Fils</Nm>'));
    const result = await validate(xml);
    const path = 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]/RltdPties/Cdtr/Pty/Nm';
    expect(result.issues).toEqual([
      {
        code: 'NOT_WELL_FORMED',
        severity: 'warning',
        message: 'the entity &eacute; is not defined in XML (it is HTML\'s); read as "é"',
        location: { file: 'f.xml', ...place(xml, xml.indexOf('&eacute;')), path },
      },
      {
        code: 'NOT_WELL_FORMED',
        severity: 'warning',
        message: "the entity &nbsp; is not defined in XML (it is HTML's); read as a no-break space",
        location: { file: 'f.xml', ...place(xml, xml.indexOf('&nbsp;')), path },
      },
    ]);
    expect(entries(result)[0]?.details[0]?.creditor?.name).toBe('René\u00a0& Fils');
    expect(await convert(xml, { strict: true })).toMatchObject({ code: 'NOT_WELL_FORMED' });
    const undefinedEntity = statement053(entryXml(0).replace('<Nm>Händler 0</Nm>', '<Nm>&co;</Nm>'));
    expect(await convert(undefinedEntity)).toMatchObject({
      code: 'NOT_WELL_FORMED',
      message: expect.stringContaining('entities a DTD declares are not read'),
    });
  });
});

describe('the format of a file read with --encoding', () => {
  it('is recognised in that encoding: UTF-16LE without a byte-order mark', async () => {
    const text = fixture('camt053-v08-statement.xml');
    const utf16 = iconv.encode(text, 'utf-16le', { addBOM: false });
    expect(utf16[0]).toBe(0x3c);
    const result = await validate(utf16, { encoding: 'utf-16le' }, 1000);
    expect(result.error).toBeNull();
    expect(toJson(result)).toEqual(toJson(await validate(text)));
  });
});

describe('comments and attribute values longer than 64 KiB', () => {
  const long = 'x'.repeat(100 * 1024);

  it('are read when within --max-field-size', async () => {
    const plain = statement053(entryXml(0));
    const commented = statement053(entryXml(0).replace('<NtryDtls>', `<!--${long}--><NtryDtls Note="${long}">`));
    const result = await validate(commented, {}, 1000);
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([]);
    expect(entries(result).map((entry) => ({ ...entry, location: undefined }))).toEqual(
      entries(await validate(plain)).map((entry) => ({ ...entry, location: undefined })),
    );
  });

  it.each([
    ['a comment', `<!--${long}-->`, 64 * 1024, '', 'a comment exceeds 64 KiB'],
    ['a comment', `<!--${'y'.repeat(2000)}-->`, 1000, '', 'a comment exceeds 1000 characters'],
    [
      'an attribute value',
      `<AddtlNtryInf Note="${long}">`,
      64 * 1024,
      '/AddtlNtryInf',
      'the value of the attribute Note of <AddtlNtryInf> exceeds 64 KiB',
    ],
  ])(
    'beyond it, %s is LIMIT_EXCEEDED where it starts, however the file is cut',
    async (_, markup, limit, inner, what) => {
      const body = markup.startsWith('<!--') ? markup : `${markup}text</AddtlNtryInf>`;
      const xml = statement053(insertAfter(entryXml(0), '\n', `      ${body}\n`));
      const path = `Document/BkToCstmrStmt/Stmt[1]/Ntry[1]${inner}`;
      for (const size of [1000, 4096, 1 << 20]) {
        const result = await validate(xml, { maxFieldSize: limit }, size);
        expect(result.error).toEqual({
          code: 'LIMIT_EXCEEDED',
          message: `f.xml:${place(xml, xml.indexOf(markup)).line}:${place(xml, xml.indexOf(markup)).column} at ${path}: ${what} (--max-field-size); raise the limit if the file is genuine`,
          location: { file: 'f.xml', ...place(xml, xml.indexOf(markup)), path },
        });
      }
    },
  );
});

describe('an attribute given twice', () => {
  it('is an error at the attribute: the XML is not well-formed and the currency could be either', async () => {
    const xml = statement053(entryXml(0).replace('<Amt Ccy="EUR">', '<Amt Ccy="EUR" Ccy="USD">'));
    const result = await validate(xml);
    const end = xml.indexOf('Ccy="USD"') + 'Ccy="USD"'.length - 1;
    expect(result.issues).toEqual([
      {
        code: 'NOT_WELL_FORMED',
        severity: 'error',
        message:
          'the attribute Ccy is given twice in <Amt> ("EUR", then "USD"): the XML is not well-formed, and which value is meant cannot be told',
        location: { file: 'f.xml', ...place(xml, end), path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt' },
      },
    ]);
    expect(await convert(xml)).toMatchObject({ code: 'NOT_WELL_FORMED', location: place(xml, end) });
  });
});

describe('codes written in lower case, and currencies ISO 4217 does not know', () => {
  it('an entry status in lower case is read in upper case, with a warning, and reconciled', async () => {
    const xml = fixture('camt053-v08-statement.xml').replace('<Cd>BOOK</Cd>', '<Cd>book</Cd>');
    const result = await validate(xml);
    expect(result.issues).toEqual([
      {
        code: 'INVALID_VALUE',
        severity: 'warning',
        message: 'the entry status "book" is not written in capital letters as ISO 20022 codes are; read as BOOK',
        location: {
          file: 'f.xml',
          ...place(xml, xml.indexOf('<Cd>book')),
          path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Sts/Cd',
        },
      },
    ]);
    expect(entries(result)[0]?.status).toBe('BOOK');
  });

  it('a currency in lower case is read in upper case; an unknown one as written; both with a warning', async () => {
    const xml = statement053(
      entryXml(0).replace('Ccy="EUR"', 'Ccy="eur"') +
        entryXml(1).replace('Ccy="EUR"', 'Ccy="ZZZ"') +
        entryXml(2).replace('Ccy="EUR"', 'Ccy="CHF"'),
    );
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map((issue) => [issue.severity, issue.code, issue.message, issue.location])).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        'in the Ccy attribute, currency "eur" is not written in capital letters as ISO 4217 codes are; read as EUR',
        {
          file: 'f.xml',
          ...place(xml, xml.indexOf('<Amt Ccy="eur"')),
          path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt',
        },
      ],
      [
        'warning',
        'INVALID_VALUE',
        'in the Ccy attribute, currency ZZZ is not an ISO 4217 currency code; kept as written',
        {
          file: 'f.xml',
          ...place(xml, xml.indexOf('<Amt Ccy="ZZZ"')),
          path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt',
        },
      ],
    ]);
    expect(entries(result).map((entry) => entry.money.currency)).toEqual(['EUR', 'ZZZ', 'CHF']);
    // Not three letters: which currency is meant cannot be told.
    expect(await convert(statement053(entryXml(0).replace('Ccy="EUR"', 'Ccy="EU"')))).toMatchObject({
      code: 'INVALID_VALUE',
    });
  });
});

describe('the threads read every deviation as the document reader does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-deviations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The deviation, in the sixth of ten entries; what the document reader makes of it: a warning, an error issue, or a fatal error. */
  it.each<[string, (entry: string) => string, string, 'warning' | 'error' | 'fatal', ParseOptions]>([
    [
      'a repeated <CdtDbtInd>',
      (e) => insertAfter(e, '</CdtDbtInd>', '<CdtDbtInd>CRDT</CdtDbtInd>'),
      'INVALID_VALUE',
      'error',
      {},
    ],
    ['a control character', (e) => e.replace('Händler', 'Hän\u001bdler'), 'NOT_WELL_FORMED', 'warning', {}],
    ['a character reference to one', (e) => e.replace('Händler', 'Hän&#27;dler'), 'NOT_WELL_FORMED', 'warning', {}],
    ['an attribute given twice', (e) => e.replace('Ccy="EUR"', 'Ccy="EUR" Ccy="USD"'), 'NOT_WELL_FORMED', 'error', {}],
    ['a status in lower case', (e) => e.replace('<Cd>BOOK', '<Cd>Book'), 'INVALID_VALUE', 'warning', {}],
    ['a currency in lower case', (e) => e.replace('Ccy="EUR"', 'Ccy="Eur"'), 'INVALID_VALUE', 'warning', {}],
    ['an unknown currency', (e) => e.replace('Ccy="EUR"', 'Ccy="ZZZ"'), 'INVALID_VALUE', 'warning', {}],
    [
      'a long comment',
      (e) => e.replace('<NtryDtls>', `<!--${'c'.repeat(70_000)}--><NtryDtls>`),
      'LIMIT_EXCEEDED',
      'fatal',
      { maxFieldSize: 65_536 },
    ],
    [
      'an attribute above the limit',
      (e) => e.replace('<NtryDtls>', `<NtryDtls Note="${'a'.repeat(2000)}">`),
      'LIMIT_EXCEEDED',
      'fatal',
      { maxFieldSize: 1000 },
    ],
  ])('%s', async (label, edit, code, severity, limits) => {
    const path = join(dir, `${code}-${fileNameOf(label)}.xml`);
    writeFileSync(
      path,
      statement053(Array.from({ length: 10 }, (__, i) => (i === 5 ? edit(entryXml(i)) : entryXml(i))).join('')),
    );
    const { parallel, sequential, taken } = await readOnThreadsAndAlone(path, limits);
    if (severity === 'fatal') expect(sequential.error?.code).toBe(code);
    else expect(sequential.issues).toContainEqual(expect.objectContaining({ code, severity }));
    if (severity !== 'fatal') expect(sequential.error).toBeNull();
    expect(toJson(parallel)).toEqual(toJson(sequential));
    expect(taken).toContain(true);
  });
});

function fileNameOf(label: string): string {
  return label.replace(/\W+/g, '-');
}

function entryXml(i: number): string {
  return `    <Ntry>
      <NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${i + 1}.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Cdtr><Pty><Nm>Händler ${i}</Nm></Pty></Cdtr></RltdPties>
        <RmtInf><Ustrd>Invoice ${i} — März</Ustrd></RmtInf></TxDtls></NtryDtls>
    </Ntry>
`;
}

function statement053(entries: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
  <GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}  </Stmt>
</BkToCstmrStmt></Document>
`;
}
