import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  detectFormat,
  parseString,
  StatementParseError,
  type Entry,
  type ParseIssue,
  type ParseOptions,
} from '@stmt/parser';
import { readOnThreadsAndAlone } from './support/threads';
import { chunked, collect, FIXTURE_DIR, toJson, type Outcome } from './support/outcome';

// Three camt deviations, each read the way docs/formats.md's tolerance policy asks: an entry
// status that is not one of the four codes (read as the code it spells out, else kept and not
// booked, always with a warning), a namespace that is not ISO 20022's but names a camt message
// (the Austrian APC/Stuzza variant, read as that message with a warning), and amounts in the
// xs:decimal forms the schema allows (`+34.00`, `34.`, `.50`), read exactly and silently.

const STMT = 'Document/BkToCstmrStmt/Stmt[1]';
const STUZZA = 'ISO:camt.053.001.02:APC:STUZZA:payments:003';

/** A camt.053 document in namespace `ns` (a version of ISO 20022's, or any URI), its statement's body `body`. */
function statement(body: string, ns = 'camt.053.001.08'): string {
  const uri = /^camt\.\d{3}\.\d{3}\.\d{2}$/.test(ns) ? `urn:iso:std:iso:20022:tech:xsd:${ns}` : ns;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${uri}">
<BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-03-03T08:00:00</CreDtTm></GrpHdr>
<Stmt>
<Id>S1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
${body}</Stmt>
</BkToCstmrStmt>
</Document>
`;
}

function balance(type: string, amount: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>\n`;
}

/** A debit entry of `amount` EUR with status element `sts`; `inside` follows its date. */
function entry(sts: string, amount = '7.00', inside = ''): string {
  return `<Ntry>
<Amt Ccy="EUR">${amount}</Amt>
<CdtDbtInd>DBIT</CdtDbtInd>
${sts}
<BookgDt><Dt>2024-03-01</Dt></BookgDt>
${inside}</Ntry>
`;
}

/** 1-based line and column of the first `text` in `xml`, counted as the XML parser counts them. */
function at(xml: string, text: string): { line: number; column: number } {
  const index = xml.indexOf(text);
  if (index < 0) throw new Error(`no ${text} in the document`);
  const lines = xml.slice(0, index).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] as string).length + 1 };
}

/** Where the element holding `written` in the status `sts` starts (`<Sts>`, or its `<Cd>` or `<Prtry>`). */
function statusAt(xml: string, sts: string, written: string): { line: number; column: number } {
  return at(xml, sts.slice(sts.lastIndexOf('<', sts.indexOf(`>${written}<`))));
}

/** Parses as `validate` does: every issue collected. */
const validate = (xml: string, options: ParseOptions = {}): Promise<Outcome> =>
  collect(chunked(Buffer.from(xml), 4096), { fileName: 'f.xml', ...options });

/** Parses as `convert` does: the first error-severity issue (or a fatal error) refuses the file. */
async function convert(xml: string, options: ParseOptions = {}): Promise<StatementParseError | Entry[]> {
  const read: Entry[] = [];
  try {
    for await (const record of parseString(xml, { fileName: 'f.xml', ...options }))
      if (record.kind === 'entry') read.push(record.entry);
  } catch (error) {
    if (error instanceof StatementParseError) return error;
    throw error;
  }
  return read;
}

const entries = (outcome: Outcome): Entry[] =>
  outcome.records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));

const brief = (issue: ParseIssue) => [issue.severity, issue.code, issue.message, issue.location];

describe('an entry status that is not one of the codes BOOK, PDNG, INFO and FUTR', () => {
  const notACode = (status: string) =>
    `the entry status ${JSON.stringify(status)} is not one of the ISO 20022 codes BOOK, PDNG, INFO and FUTR; kept as written, so the entry is not counted as booked (it counts towards no balance and journal output leaves it out)`;

  it.each([
    ['<Sts>BOOKED</Sts>', 'camt.053.001.04', 'BOOKED', 'BOOK', 'Sts'],
    ['<Sts>Booked</Sts>', 'camt.053.001.02', 'Booked', 'BOOK', 'Sts'],
    ['<Sts><Cd>BOOKED</Cd></Sts>', 'camt.053.001.08', 'BOOKED', 'BOOK', 'Sts/Cd'],
    ['<Sts><Prtry>BOOKED</Prtry></Sts>', 'camt.053.001.08', 'BOOKED', 'BOOK', 'Sts/Prtry'],
    ['<Sts>PENDING</Sts>', 'camt.053.001.04', 'PENDING', 'PDNG', 'Sts'],
    ['<Sts><Cd>information</Cd></Sts>', 'camt.053.001.13', 'information', 'INFO', 'Sts/Cd'],
    ['<Sts>Future</Sts>', 'camt.053.001.04', 'Future', 'FUTR', 'Sts'],
  ])('%s (%s) is read as the code it spells out, with a warning at it', async (sts, ns, written, code, path) => {
    // Only a booked entry moves the balance: the closing balance is what reconciles with the code read.
    const closing = code === 'BOOK' ? '93.00' : '100.00';
    const xml = statement(balance('OPBD', '100.00') + balance('CLBD', closing) + entry(sts), ns);
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map(brief)).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        `the entry status ${JSON.stringify(written)} is not an ISO 20022 code; read as ${code}, the code it spells out`,
        { file: 'f.xml', ...statusAt(xml, sts, written), path: `${STMT}/Ntry[1]/${path}` },
      ],
    ]);
    expect(entries(result).map((read) => read.status)).toEqual([code]);
    expect(await convert(xml)).toEqual([expect.objectContaining({ status: code })]);
  });

  it('a camt.054 v04 <Sts>BOOKED</Sts> (as a Swiss bank writes it) is a booking; with --strict it is refused', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04">
<BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2017-07-27T14:00:40Z</CreDtTm></GrpHdr>
<Ntfctn>
<Id>N1</Id>
<Acct><Id><IBAN>CH1600774012312345678</IBAN></Id></Acct>
<Ntry><Amt Ccy="CHF">113.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd>
<Sts>BOOKED</Sts>
<BookgDt><Dt>2017-07-27</Dt></BookgDt></Ntry>
</Ntfctn>
</BkToCstmrDbtCdtNtfctn>
</Document>
`;
    const message = 'the entry status "BOOKED" is not an ISO 20022 code; read as BOOK, the code it spells out';
    const location = {
      file: 'f.xml',
      line: 9,
      column: 1,
      path: 'Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Ntry[1]/Sts',
    };
    const result = await validate(xml);
    expect(result.issues.filter((issue) => issue.code !== 'MISSING_ELEMENT').map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', message, location],
    ]);
    expect(entries(result)[0]?.status).toBe('BOOK');
    const strict = await validate(xml, { strict: true });
    expect(strict.issues.filter((issue) => issue.code !== 'MISSING_ELEMENT').map(brief)).toEqual([
      ['error', 'INVALID_VALUE', `${message} (refused: strict mode)`, location],
    ]);
    expect(await convert(xml, { strict: true })).toMatchObject({ code: 'INVALID_VALUE', location });
  });

  it.each([
    ['<Sts><Cd>OTHR</Cd></Sts>', 'camt.053.001.08', 'OTHR', 'Sts/Cd'],
    ['<Sts><Prtry>Gebucht</Prtry></Sts>', 'camt.053.001.08', 'Gebucht', 'Sts/Prtry'],
    ['<Sts>DONE</Sts>', 'camt.053.001.04', 'DONE', 'Sts'],
  ])('%s (%s) is kept as written, not booked, with a warning at it', async (sts, ns, written, path) => {
    // The entry does not move the balance: opening and closing are equal, and reconcile.
    const xml = statement(balance('OPBD', '100.00') + balance('CLBD', '100.00') + entry(sts), ns);
    const location = { file: 'f.xml', ...statusAt(xml, sts, written), path: `${STMT}/Ntry[1]/${path}` };
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', notACode(written), location]]);
    expect(entries(result).map((read) => read.status)).toEqual([written]);
    expect(await convert(xml)).toEqual([expect.objectContaining({ status: written })]);
    const strict = await validate(xml, { strict: true });
    expect(strict.issues.map(brief)).toEqual([
      ['error', 'INVALID_VALUE', `${notACode(written)} (refused: strict mode)`, location],
    ]);
  });

  it('stands out among the four codes and a proprietary one of them, which give no issue', async () => {
    const statuses = ['BOOK', 'PDNG', 'INFO', 'FUTR'].map((code) => `<Sts><Cd>${code}</Cd></Sts>`);
    const body =
      balance('OPBD', '100.00') +
      balance('CLBD', '79.00') +
      [...statuses, '<Sts><Prtry>BOOK</Prtry></Sts>', '<Sts><Cd>BOOKED</Cd></Sts>'].map((sts) => entry(sts)).join('');
    const xml = statement(body);
    const result = await validate(xml);
    expect(result.issues.map(brief)).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        'the entry status "BOOKED" is not an ISO 20022 code; read as BOOK, the code it spells out',
        { file: 'f.xml', ...at(xml, '<Cd>BOOKED'), path: `${STMT}/Ntry[6]/Sts/Cd` },
      ],
    ]);
    expect(entries(result).map((read) => read.status)).toEqual(['BOOK', 'PDNG', 'INFO', 'FUTR', 'BOOK', 'BOOK']);
  });

  describe('on threads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-status-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it.each(['<Sts><Cd>OTHR</Cd></Sts>', '<Sts><Cd>BOOKED</Cd></Sts>'])(
      'the entry %s is read as the document reader reads it',
      async (sts) => {
        const body = Array.from({ length: 10 }, (_, i) =>
          entry(i === 5 ? sts : '<Sts><Cd>BOOK</Cd></Sts>', `${i + 1}.00`),
        ).join('');
        const path = join(dir, `${sts.replace(/\W+/g, '-')}.xml`);
        writeFileSync(path, statement(body));
        const { parallel, sequential, taken } = await readOnThreadsAndAlone(path);
        expect(sequential.issues).toContainEqual(
          expect.objectContaining({ code: 'INVALID_VALUE', severity: 'warning', location: expect.anything() }),
        );
        expect(sequential.issues.find((issue) => issue.code === 'INVALID_VALUE')?.location.path).toMatch(
          /Ntry\[6\]\/Sts\/Cd$/,
        );
        expect(toJson(parallel)).toEqual(toJson(sequential));
        expect(taken).toContain(true);
      },
    );
  });
});

describe('a namespace that is not ISO 20022’s but names a camt message', () => {
  const body = balance('PRCD', '150.00') + balance('CLBD', '143.00') + entry('<Sts>BOOK</Sts>');
  const readAs = (uri: string, message: string, version: string) =>
    `the document's namespace ${JSON.stringify(uri)} is not ISO 20022's (urn:iso:std:iso:20022:tech:xsd:${message}.${version}), but names ${message}.${version}; read as ${message} version ${version}`;

  it.each([
    [STUZZA, '001.02'],
    ['http://bank.example/schemas/camt.053.001.04.xsd', '001.04'],
    ['urn:iso:std:iso:20022:tech:xsd:camt.053.001.04.ch.02', '001.04'],
  ])('%s is read as camt.053 %s, with a warning at <Document>', async (uri, version) => {
    const xml = statement(body, uri);
    const warning = [
      'warning',
      'INVALID_VALUE',
      readAs(uri, 'camt.053', version),
      { file: 'f.xml', line: 2, column: 1, path: 'Document' },
    ];
    // Recognised without --from, from the namespace alone (the head up to <Document>'s start tag) too.
    expect(detectFormat(xml)).toBe('camt.053');
    expect(detectFormat(xml.slice(0, xml.indexOf('<BkToCstmrStmt>')))).toBe('camt.053');
    for (const options of [{}, { format: 'camt.053' as const }]) {
      const result = await validate(xml, options);
      expect(result.error).toBeNull();
      expect(result.issues.map(brief)).toEqual([warning]);
      const start = result.records.find((record) => record.kind === 'statement-start');
      expect(start?.kind === 'statement-start' && start.statement.version).toBe(version);
      expect(entries(result).map((read) => [read.status, read.money.amount.toString()])).toEqual([['BOOK', '7.00']]);
    }
    expect(await convert(xml)).toHaveLength(1);
    const strict = await validate(xml, { strict: true });
    expect(strict.issues.map(brief)).toEqual([
      ['error', 'INVALID_VALUE', `${readAs(uri, 'camt.053', version)} (refused: strict mode)`, warning[3]],
    ]);
  });

  it('a prefixed camt.054 one is read as camt.054', async () => {
    const uri = 'ISO:camt.054.001.02:APC:STUZZA:payments:003';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<n:Document xmlns:n="${uri}"><n:BkToCstmrDbtCdtNtfctn>
<n:GrpHdr><n:MsgId>M1</n:MsgId><n:CreDtTm>2024-03-03T08:00:00</n:CreDtTm></n:GrpHdr>
<n:Ntfctn><n:Id>N1</n:Id><n:Acct><n:Id><n:IBAN>DE89370400440532013000</n:IBAN></n:Id></n:Acct>
<n:Ntry><n:Amt Ccy="EUR">7.00</n:Amt><n:CdtDbtInd>CRDT</n:CdtDbtInd><n:Sts>BOOK</n:Sts><n:BookgDt><n:Dt>2024-03-01</n:Dt></n:BookgDt></n:Ntry>
</n:Ntfctn></n:BkToCstmrDbtCdtNtfctn></n:Document>
`;
    expect(detectFormat(xml.slice(0, xml.indexOf('<n:BkToCstmr')))).toBe('camt.054');
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.filter((issue) => issue.code !== 'MISSING_ELEMENT').map(brief)).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        readAs(uri, 'camt.054', '001.02'),
        { file: 'f.xml', line: 2, column: 1, path: 'Document' },
      ],
    ]);
    expect(entries(result)).toHaveLength(1);
  });

  it('a message or version that is not supported stays refused, naming the namespace', async () => {
    const supported = 'supported are camt.052, camt.053 and camt.054, versions 001.01 to 001.14';
    const where = { file: 'f.xml', line: 2, column: 1, path: 'Document' };
    const unknownVersion = 'ISO:camt.053.001.15:APC:STUZZA:payments:003';
    for (const options of [{}, { format: 'camt.053' as const }])
      expect((await validate(statement(body, unknownVersion), options)).error).toEqual({
        code: 'UNSUPPORTED_MESSAGE',
        message: `f.xml:2:1 at Document: the document's namespace is "${unknownVersion}", which names camt.053.001.15; ${supported}`,
        location: where,
      });
    // Another camt message: refused by the sniffer (no --from), or by the parser (--from camt.053).
    const billing = statement(body, 'ISO:camt.086.001.02:APC:STUZZA:payments:003').replace(
      /BkToCstmrStmt/g,
      'BkSvcsBllgStmt',
    );
    expect(detectFormat(billing)).toBeUndefined();
    expect((await validate(billing)).error).toEqual({
      code: 'UNSUPPORTED_MESSAGE',
      message: `f.xml:1:1: camt.086.001.02 is an ISO 20022 cash management message, but not a bank-to-customer statement; ${supported}`,
      location: { file: 'f.xml', line: 1, column: 1 },
    });
    expect((await validate(billing, { format: 'camt.053' })).error).toMatchObject({
      code: 'UNSUPPORTED_MESSAGE',
      message: `f.xml:2:1 at Document: the document's namespace is "ISO:camt.086.001.02:APC:STUZZA:payments:003", which names camt.086.001.02; ${supported}`,
    });
    // A namespace that names no camt message, and one that names another message than the element.
    expect((await validate(statement(body, 'urn:example:statements'))).error).toMatchObject({
      code: 'UNSUPPORTED_MESSAGE',
      message: `f.xml:2:1 at Document: the document's namespace is "urn:example:statements"; ${supported}`,
    });
    expect((await validate(statement(body, 'ISO:camt.054.001.02:APC:STUZZA:payments:003'))).error).toMatchObject({
      code: 'UNSUPPORTED_MESSAGE',
      message: expect.stringContaining('the namespace declares camt.054, but <BkToCstmrStmt> is the message element'),
    });
  });
});

describe('amounts in every form xs:decimal allows', () => {
  /** Every camt amount, and the rate, written as `text`: balances, entry, charges, amount details, transaction detail. */
  const everyAmount = (text: string): string =>
    `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${text}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>
${balance('CLBD', '0.00')}${entry(
      '<Sts><Cd>BOOK</Cd></Sts>',
      text,
      `<Chrgs><Rcrd><Amt Ccy="EUR">${text}</Amt></Rcrd></Chrgs>
<AmtDtls><InstdAmt><Amt Ccy="USD">${text}</Amt><CcyXchg><SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>${text}</XchgRate></CcyXchg></InstdAmt></AmtDtls>
<NtryDtls><TxDtls>
<AmtDtls><InstdAmt><Amt Ccy="USD">${text}</Amt><CcyXchg><SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>${text}</XchgRate></CcyXchg></InstdAmt><TxAmt><Amt Ccy="EUR">${text}</Amt></TxAmt></AmtDtls>
</TxDtls></NtryDtls>
`,
    )}`;

  it.each([
    ['+34.00', '34.00'],
    ['34.', '34'],
    ['.50', '0.50'],
    ['+.5', '0.5'],
    [' +34. ', '34'],
  ])('%j is read as %s everywhere, without an issue, and reconciled', async (text, read) => {
    const result = await validate(statement(everyAmount(text)));
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([]);
    const [first] = entries(result);
    const shown = (money: { amount: { toString(): string } } | undefined) => money?.amount.toString();
    expect([
      shown(first?.money),
      ...(first?.charges ?? []).map(shown),
      shown(first?.originalMoney),
      first?.exchangeRate?.toString(),
      shown(first?.details[0]?.money),
      shown(first?.details[0]?.originalMoney),
      first?.details[0]?.exchangeRate?.toString(),
    ]).toEqual([read, read, read, read, read, read, read]);
    const end = result.records.find((record) => record.kind === 'statement-end');
    expect(end?.kind === 'statement-end' && end.statement.balances.map((b) => b.money.amount.toString())).toEqual([
      read,
      '0.00',
    ]);
  });

  it('what is not xs:decimal stays an INVALID_AMOUNT error at its <Amt>, beside the forms that are read', async () => {
    const refused = ['34,00', '1e3', '.', '+', '-', '+-1', '++1', '3 4', '34..0', '1.2.3', '0x10', '+ 1', '١٢'];
    const xml = statement(
      [
        entry('<Sts><Cd>BOOK</Cd></Sts>', '+34.'),
        ...refused.map((text) => entry('<Sts><Cd>BOOK</Cd></Sts>', text)),
      ].join(''),
    );
    const result = await validate(xml);
    expect(result.issues.filter((issue) => issue.code !== 'MISSING_ELEMENT').map(brief)).toEqual(
      refused.map((text, i) => [
        'error',
        'INVALID_AMOUNT',
        `expected an amount such as "1234.50", found ${JSON.stringify(text)}`,
        { file: 'f.xml', ...at(xml, `<Amt Ccy="EUR">${text}<`), path: `${STMT}/Ntry[${i + 2}]/Amt` },
      ]),
    );
    // Only the entry whose amount is read becomes a row.
    expect(entries(result).map((read) => read.money.amount.toString())).toEqual(['34']);
  });

  it('a negative amount stays an error in every form: the sign is the <CdtDbtInd>’s', async () => {
    const negative = ['-34.00', '-34.', '-.50', '-0.50'];
    const xml = statement(negative.map((text) => entry('<Sts><Cd>BOOK</Cd></Sts>', text)).join(''));
    const result = await validate(xml);
    expect(result.issues.filter((issue) => issue.code !== 'MISSING_ELEMENT').map(brief)).toEqual(
      negative.map((text, i) => [
        'error',
        'INVALID_AMOUNT',
        `expected an unsigned amount (the sign is given by <CdtDbtInd>), found ${JSON.stringify(text)}`,
        { file: 'f.xml', ...at(xml, `<Amt Ccy="EUR">${text}<`), path: `${STMT}/Ntry[${i + 1}]/Amt` },
      ]),
    );
    expect(entries(result)).toEqual([]);
    expect(await convert(xml)).toMatchObject({ code: 'INVALID_AMOUNT', location: at(xml, '<Amt') });
  });
});

describe('camt version 001.14 (published in 2025)', () => {
  it.each(['camt052-v13-report.xml', 'camt053-v13-statement.xml', 'camt054-v13-notification.xml'])(
    'reads %s written in the 001.14 namespace as in 001.13',
    async (name) => {
      const v13 = readFileSync(join(FIXTURE_DIR, name), 'utf8');
      const v14 = v13.replace(/(camt\.05[234])\.001\.13/g, '$1.001.14');
      expect(v14).not.toBe(v13);
      const read = async (xml: string): Promise<Outcome> => collect(chunked(Buffer.from(xml), 512));
      const [older, newer] = [toJson(await read(v13)), toJson(await read(v14))];
      expect(JSON.stringify(newer).replaceAll('001.14', '001.13')).toBe(JSON.stringify(older));
      expect((newer as Outcome).error).toBeNull();
    },
  );
});
