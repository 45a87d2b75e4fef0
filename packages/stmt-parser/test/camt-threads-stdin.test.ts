import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseFile, parseStream, parseString, StatementParseError, type StatementRecord } from '@stmt/parser';
import { detectEncoding } from '../src/encoding';
import { parseFragment, type FragmentResult } from '../src/camt/fragment';
import { parseCamtFile, type ParallelCamtOptions } from '../src/camt/parallel';
import { collectFrom, toJson, type Outcome } from './support/outcome';

// A camt file read on several threads gives the records, issues and errors it gives on one
// (docs/formats.md), however malformed the stretch a thread reads; and a statement is
// recognised the same from a file and from a pipe, however the pipe hands its bytes over.

/** One entry of the generated statement, about 400 bytes. */
function entryXml(i: number): string {
  return `    <Ntry>
      <NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${i + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>DBIT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Cdtr><Pty><Nm>Händler ${i % 97}</Nm></Pty></Cdtr></RltdPties>
        <RmtInf><Ustrd>Invoice ${i} — März</Ustrd></RmtInf></TxDtls></NtryDtls>
    </Ntry>
`;
}

/** The `<Document>` of a camt.053 statement holding `entries`. */
function documentXml(entries: string): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
  <GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
    <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
${entries}  </Stmt>
</BkToCstmrStmt></Document>
`;
}

/** A camt.053 file of `count` entries, entry `at` changed by `malform`. */
function camt053(count: number, at = -1, malform: (entry: string) => string = (entry) => entry): string {
  const entries = Array.from({ length: count }, (_, i) => (i === at ? malform(entryXml(i)) : entryXml(i)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${documentXml(entries.join(''))}`;
}

/** Malformed XML inside one entry: each an error (`&#1;` a warning) that sax meets wherever the entry lies. */
const MALFORMATIONS: readonly [string, (entry: string) => string][] = [
  ['a mismatched end tag (</Ntr> for </Ntry>)', (entry) => entry.replace('</Ntry>', '</Ntr>')],
  ['an end tag of an outer element for </Ntry> (</Stmt>)', (entry) => entry.replace('</Ntry>', '</Stmt>')],
  ['an element left unclosed inside the entry (<Cd>)', (entry) => entry.replace('</Cd>', '')],
  ['an entry left unclosed (no </Ntry>)', (entry) => entry.replace('</Ntry>', '')],
  ['a stray </Ntry> inside the entry', (entry) => entry.replace('</BookgDt>', '</BookgDt></Ntry>')],
  ['a stray </Ntry> after the entry', (entry) => entry.replace('</Ntry>', '</Ntry></Ntry>')],
  ['an attribute given twice', (entry) => entry.replace('Ccy="EUR"', 'Ccy="EUR" Ccy="USD"')],
  ['an undefined entity (&foo;)', (entry) => entry.replace('Invoice', 'Invoice &foo;')],
  ['an entity without its semicolon (AT&T)', (entry) => entry.replace('Invoice', 'AT&T Invoice')],
  ['a character reference XML does not allow (&#1;)', (entry) => entry.replace('Invoice', '&#1;Invoice')],
];

/** Records, issues and the fatal error of reading on one thread (`threads: 0`). */
function oneThread(path: string): Promise<Outcome> {
  return collectFrom((onIssue) => parseFile(path, { fileName: 'f.xml', onIssue }));
}

/** The same through the multi-thread reader, its fragments read in this thread, one entry each: every entry end is a cut. */
function everyEntryAFragment(path: string, fragments: FragmentResult[]): Promise<Outcome> {
  const encoding = detectEncoding(readFileSync(path).subarray(0, 4096)).encoding;
  const parallel: ParallelCamtOptions = {
    threads: 1,
    fragmentBytes: 1,
    readBytes: 16,
    runFragment: (job) => ({
      result: Promise.resolve().then(() => {
        const result = parseFragment(job);
        fragments.push(result);
        return result;
      }),
      claim: () => false,
    }),
  };
  return collectFrom((onIssue) =>
    parseCamtFile(path, statSync(path).size, { fileName: 'f.xml', encoding, onIssue }, parallel),
  );
}

/** The first error a conversion meets (no issue collector: the first error-severity issue ends it), or null. */
async function firstError(records: AsyncIterable<StatementRecord>): Promise<unknown> {
  try {
    for await (const _ of records) {
      // drain
    }
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    return { code: error.code, message: error.message, location: error.location };
  }
  return null;
}

describe('malformed XML in a stretch read by a thread is met as on one thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-threads-malformed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(MALFORMATIONS)('%s, in a fragment of one entry', async (name, malform) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
    writeFileSync(path, camt053(12, 6, malform));
    const sequential = await oneThread(path);
    expect(sequential.error ?? sequential.issues.find((issue) => issue.code === 'NOT_WELL_FORMED')).toMatchObject({
      code: 'NOT_WELL_FORMED',
    });
    const fragments: FragmentResult[] = [];
    const parallel = await everyEntryAFragment(path, fragments);
    expect(toJson(parallel)).toEqual(toJson(sequential));
    // Fragments were read and taken around the malformed entry, which one of them stopped at.
    expect(fragments.filter((fragment) => fragment.count > 0).length).toBeGreaterThan(2);
    expect(fragments.some((fragment) => fragment.stoppedBy !== undefined)).toBe(true);
  });

  it('a fragment that meets a mismatched end tag ends before the entry it closes', () => {
    const path = join(dir, 'fragment.xml');
    const text = camt053(3, 1, (entry) => entry.replace('</Ntry>', '</Ntr>'));
    writeFileSync(path, text);
    const start = Buffer.byteLength(text.slice(0, text.indexOf('</Ntry>') + '</Ntry>'.length));
    const context = [
      { name: 'Document', attributes: { xmlns: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08' } },
      { name: 'BkToCstmrStmt', attributes: {} },
      { name: 'Stmt', attributes: {} },
    ];
    const result = parseFragment({ path, encoding: 'utf-8', start, end: statSync(path).size, context });
    expect(result).toMatchObject({ count: 0, stop: start, chars: 0, lines: 0, column: 0 });
    expect(result.stoppedBy).toMatch(/close tag/);
  });
});

describe('parseFile on worker threads refuses what one thread refuses', () => {
  // Worker threads run the build (dist/camt/fragment-worker.js), as in parallel.test.ts.
  const dir = mkdtempSync(join(tmpdir(), 'stmt-threads-large-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('entry 20000 of 40000 ending in </Ntr>: the same NOT_WELL_FORMED error with threads 0, 1 and 2', async () => {
    const path = join(dir, 'ntr.xml');
    writeFileSync(
      path,
      camt053(40000, 19999, (entry) => entry.replace('</Ntry>', '</Ntr>')),
    );
    expect(statSync(path).size).toBeGreaterThan(8 * 2 ** 20); // the size from which parseFile uses threads
    const sequential = await firstError(parseFile(path, { fileName: 'f.xml', threads: 0 }));
    expect(sequential).toMatchObject({
      code: 'NOT_WELL_FORMED',
      message: expect.stringContaining('Unexpected close tag; expected </Ntry>'),
      location: { file: 'f.xml', path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[20000]' },
    });
    expect(await firstError(parseFile(path, { fileName: 'f.xml', threads: 1 }))).toEqual(sequential);
    expect(await firstError(parseFile(path, { fileName: 'f.xml', threads: 2 }))).toEqual(sequential);
  });

  // About 8.8 MiB, the malformed entry some 1.6 MB in, where fragments are read (the full
  // outcomes, issues included, are compared above for every malformation, with a cut at every
  // entry; here, through real worker threads, the kinds that end an element).
  const entries = Array.from({ length: 22000 }, (_, i) => entryXml(i));
  const throughWorkers = MALFORMATIONS.filter(([name]) => /end tag|attribute given twice/.test(name));

  it.each(throughWorkers)('%s: the same first error with threads 0 and 2', async (name, malform) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
    const edited = entries.slice();
    edited[4000] = malform(edited[4000] as string);
    writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>\n${documentXml(edited.join(''))}`);
    expect(statSync(path).size).toBeGreaterThan(8 * 2 ** 20);
    const sequential = await firstError(parseFile(path, { fileName: 'f.xml', threads: 0 }));
    expect(await firstError(parseFile(path, { fileName: 'f.xml', threads: 2 }))).toEqual(sequential);
    if (!name.includes('&#1;')) expect(sequential).not.toBeNull();
  });
});

/** Bytes as a pipe hands them over: each chunk by itself, when the reader asks for more; the last size repeats. */
function piped(bytes: Buffer, sizes: readonly number[]): { chunks: AsyncIterable<Buffer>; delivered: number[] } {
  let at = 0;
  let index = 0;
  const stream = new Readable({
    read() {
      setImmediate(() => {
        if (at >= bytes.length) return void this.push(null);
        const size = sizes[Math.min(index++, sizes.length - 1)] as number;
        this.push(bytes.subarray(at, at + size));
        at += size;
      });
    },
  });
  const delivered: number[] = [];
  async function* chunks(): AsyncIterable<Buffer> {
    for await (const chunk of stream) {
      delivered.push((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  }
  return { chunks: chunks(), delivered };
}

/** A deterministic stand-in for base64 data (a signature value, a certificate), in lines of 76. */
function base64(bytes: number): string {
  const data = Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 151 + 7) % 256)).toString('base64');
  return data.replace(/.{76}/g, '$&\n');
}

const DOCUMENT = documentXml(Array.from({ length: 3 }, (_, i) => entryXml(i)).join(''));

/** What stands before `<Document>`, each longer than the 4 KiB a format used to be sniffed from. */
const HEADS: readonly [string, string][] = [
  [
    'a 4.5 KB XML comment',
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${'Exported by the bank portal; do not edit. '.repeat(105)}-->\n`,
  ],
  [
    'processing instructions and comments',
    `<?xml version="1.0" encoding="UTF-8"?>\n${Array.from(
      { length: 60 },
      (_, i) => `<?xml-stylesheet type="text/xsl" href="style-${i}.xsl"?>\n<!-- layout ${i} -->\n`,
    ).join('')}`,
  ],
  [
    'a CBPR+ envelope whose <AppHdr> carries an XML signature',
    `<?xml version="1.0" encoding="UTF-8"?>
<BizMsgEnvlp xmlns="urn:swift:xsd:envelope">
<AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
  <Fr><FIId><FinInstnId><BICFI>DEUTDEFFXXX</BICFI></FinInstnId></FIId></Fr>
  <To><FIId><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></FIId></To>
  <BizMsgIdr>MSG-2024-03-31-1</BizMsgIdr><MsgDefIdr>camt.053.001.08</MsgDefIdr><BizSvc>swift.cbprplus.02</BizSvc>
  <CreDt>2024-03-31T18:00:00Z</CreDt>
  <Sgntr><ds:Signature>
    <ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>
      <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>
      <ds:Reference URI=""><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${base64(32)}</ds:DigestValue></ds:Reference>
    </ds:SignedInfo>
    <ds:SignatureValue>${base64(512)}</ds:SignatureValue>
    <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64(2400)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
  </ds:Signature></Sgntr>
</AppHdr>
`,
  ],
];

describe('a statement is recognised from a pipe as from a file, however the pipe hands its bytes over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-stdin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(HEADS)('%s before <Document>, delivered in 2000, 2200 and the rest', async (name, head) => {
    const text = head + DOCUMENT + (head.includes('<BizMsgEnvlp') ? '</BizMsgEnvlp>\n' : '');
    const bytes = Buffer.from(text, 'utf8');
    expect(text.indexOf('<Document')).toBeGreaterThan(4200);
    const path = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
    writeFileSync(path, bytes);
    const fromFile = toJson(await collectFrom((onIssue) => parseFile(path, { fileName: 'f.xml', onIssue })));
    expect(fromFile).toMatchObject({ error: null });
    expect((fromFile as Outcome).records.filter((record) => record.kind === 'entry')).toHaveLength(3);

    const pipe = piped(bytes, [2000, 2200, bytes.length]);
    const fromPipe = toJson(await collectFrom((onIssue) => parseStream(pipe.chunks, { fileName: 'f.xml', onIssue })));
    expect(fromPipe).toEqual(fromFile);
    expect(pipe.delivered).toEqual([2000, 2200, bytes.length - 4200]);

    const trickle = piped(bytes, [7]);
    const fromTrickle = toJson(
      await collectFrom((onIssue) => parseStream(trickle.chunks, { fileName: 'f.xml', onIssue })),
    );
    expect(fromTrickle).toEqual(fromFile);
    expect(trickle.delivered.slice(0, 3)).toEqual([7, 7, 7]);
    expect(toJson(await collectFrom((onIssue) => parseString(bytes, { fileName: 'f.xml', onIssue })))).toEqual(
      fromFile,
    );
  });

  it('is read on no further than a file is sniffed (1 MiB): beyond it, unknown from a pipe and from a file alike', async () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const commented = (length: number): Buffer =>
      Buffer.from(`${declaration}<!--${'x'.repeat(length - declaration.length - 8)}-->\n${DOCUMENT}`, 'utf8');
    const within = commented(2 ** 20 - 1024);
    const beyond = commented(2 ** 20 + 1024);
    const formats: Record<string, unknown[]> = {};
    for (const [name, bytes] of [
      ['within', within],
      ['beyond', beyond],
    ] as const) {
      const path = join(dir, `${name}.xml`);
      writeFileSync(path, bytes);
      formats[name] = [
        await firstError(parseFile(path, { fileName: 'f.xml' })),
        await firstError(parseStream(piped(bytes, [2000, 2200, 65536]).chunks, { fileName: 'f.xml' })),
        await firstError(parseString(bytes, { fileName: 'f.xml' })),
      ];
    }
    expect(formats['within']).toEqual([null, null, null]);
    const unknown = expect.objectContaining({ code: 'UNKNOWN_FORMAT' });
    expect(formats['beyond']).toEqual([unknown, unknown, unknown]);
  });

  it('a head that is no statement is still refused as UNKNOWN_FORMAT, after reading no more than 1 MiB of it', async () => {
    let pulled = 0;
    async function* endless(): AsyncIterable<Buffer> {
      for (;;) {
        pulled += 2000;
        yield Buffer.from('<?xml version="1.0"?><html>'.padEnd(2000, ' '), 'utf8');
      }
    }
    expect(await firstError(parseStream(endless(), { fileName: 'f.xml' }))).toMatchObject({ code: 'UNKNOWN_FORMAT' });
    expect(pulled).toBeGreaterThanOrEqual(2 ** 20);
    expect(pulled).toBeLessThan(2 ** 20 + 4000);
  });
});
