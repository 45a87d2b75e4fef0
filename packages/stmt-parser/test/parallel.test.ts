import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectFormat, parseFile, type ParseOptions, type StatementRecord } from '@stmt/parser';
import { detectEncoding } from '../src/encoding';
import { parseFragment, type FragmentResult } from '../src/camt/fragment';
import { FragmentPool } from '../src/camt/fragment-pool';
import { splitsCleanly } from '../src/encoding';
import { parseCamtFile, type ParallelCamtOptions } from '../src/camt/parallel';
import { collectFrom, FIXTURE_DIR, fixtureNames, toJson, type Outcome } from './support/outcome';

/** Parses with the parallel reader, collecting records, issues and the fatal error. */
function collectParallel(
  path: string,
  fileName: string,
  parallel: ParallelCamtOptions,
  options: ParseOptions = {},
): Promise<Outcome> {
  const encoding = detectEncoding(readFileSync(path).subarray(0, 4096)).encoding;
  return collectFrom((onIssue) =>
    parseCamtFile(path, statSync(path).size, { ...options, fileName, encoding, onIssue }, parallel),
  );
}

function collectSequential(path: string, fileName: string, options: ParseOptions = {}): Promise<Outcome> {
  return collectFrom((onIssue) => parseFile(path, { ...options, fileName, onIssue }));
}

/** Fragments read in this thread, one entry each: every entry boundary becomes a cut. */
const inThisThread = (taken: boolean[]): ParallelCamtOptions => ({
  threads: 1,
  fragmentBytes: 1,
  readBytes: 16,
  runFragment: (job) => ({ result: Promise.resolve().then(() => parseFragment(job)), claim: () => false }),
  onFragment: (_result, wasTaken) => taken.push(wasTaken),
});

const camtFixtures = fixtureNames().filter((name) => {
  const head = readFileSync(join(FIXTURE_DIR, name)).subarray(0, 4096);
  return detectFormat(head)?.startsWith('camt.') === true && splitsCleanly(detectEncoding(head).encoding);
});

describe('parallel camt reading gives what sequential reading gives', () => {
  it.each(camtFixtures)('%s, cut at every entry', async (name) => {
    const taken: boolean[] = [];
    const actual = toJson(await collectParallel(join(FIXTURE_DIR, name), name, inThisThread(taken)));
    const expected = JSON.parse(readFileSync(join(FIXTURE_DIR, name.replace(/\.xml$/, '.expected.json')), 'utf8'));
    expect(actual).toEqual(expected);
  });

  it('takes fragments over in the fixtures that have several plain entries', async () => {
    const taken: boolean[] = [];
    await collectParallel(join(FIXTURE_DIR, 'camt053-multi-statement.xml'), 'multi', inThisThread(taken));
    expect(taken.filter(Boolean).length).toBeGreaterThan(0);
  });
});

describe('bytes that are not UTF-8', () => {
  it('are an INVALID_ENCODING error at the same place as in sequential reading, whoever reads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-utf8-'));
    try {
      const bytes = readFileSync(join(FIXTURE_DIR, 'camt053-multi-statement.xml'));
      const at = bytes.lastIndexOf('</Ntry>');
      const path = join(dir, 'bad.xml');
      writeFileSync(path, Buffer.concat([bytes.subarray(0, at), Buffer.from([0xe9]), bytes.subarray(at)]));
      const sequential = await collectSequential(path, 'bad.xml');
      expect(sequential.error).toMatchObject({ code: 'INVALID_ENCODING' });
      expect((await collectParallel(path, 'bad.xml', inThisThread([]))).error).toEqual(sequential.error);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fragments no thread has started are read by the document reader', () => {
  it.each(camtFixtures)('%s, every other fragment claimed back', async (name) => {
    let fragments = 0;
    const read: boolean[] = [];
    const parallel: ParallelCamtOptions = {
      ...inThisThread([]),
      // Odd fragments are still waiting for a thread when the reader arrives, so it reads them itself.
      runFragment: (job) => {
        const unstarted = fragments++ % 2 === 1;
        return {
          result: unstarted ? new Promise(() => undefined) : Promise.resolve().then(() => parseFragment(job)),
          claim: () => unstarted,
        };
      },
      onFragment: (result) => read.push(result === undefined),
    };
    const actual = toJson(await collectParallel(join(FIXTURE_DIR, name), name, parallel));
    expect(actual).toEqual(
      JSON.parse(readFileSync(join(FIXTURE_DIR, name.replace(/\.xml$/, '.expected.json')), 'utf8')),
    );
    if (name === 'camt053-multi-statement.xml') expect(read).toContain(true);
  });
});

describe('the reader waiting for a thread reads later fragments meanwhile', () => {
  it('reads the next unstarted fragment before the thread answers, and takes both in order', async () => {
    // Even fragments are being read by a "thread" that answers fragment k once fragment k + 1
    // is claimed (or after a second, should none be); odd ones are not started. So the thread
    // answers only because the reader, waiting for it, read ahead.
    const name = 'camt053-multi-statement.xml';
    const events: string[] = [];
    const answers = new Map<number, () => void>();
    let fragments = 0;
    const parallel: ParallelCamtOptions = {
      ...inThisThread([]),
      runFragment: (job) => {
        const index = fragments++;
        if (index % 2 === 1)
          return {
            result: new Promise(() => undefined),
            claim: () => {
              events.push(`claim ${index}`);
              answers.get(index - 1)?.();
              return true;
            },
          };
        const result = new Promise<FragmentResult>((resolve) => {
          const answer = (): void => {
            if (!answers.delete(index)) return;
            events.push(`answer ${index}`);
            resolve(parseFragment(job));
          };
          answers.set(index, answer);
          setTimeout(answer, 1000);
        });
        return { result, claim: () => false };
      },
    };
    const actual = toJson(await collectParallel(join(FIXTURE_DIR, name), name, parallel));
    expect(actual).toEqual(
      JSON.parse(readFileSync(join(FIXTURE_DIR, name.replace(/\.xml$/, '.expected.json')), 'utf8')),
    );
    const claims = events.filter((event) => event.startsWith('claim'));
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const index = Number(claim.split(' ')[1]);
      expect(events.indexOf(claim)).toBeLessThan(events.indexOf(`answer ${index - 1}`));
    }
  });
});

describe('fragments planned ahead', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-ahead-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'twenty.xml');
  writeFileSync(path, document(Array.from({ length: 20 }, (_, i) => entryXml(i, '')).join('')));

  /** How many fragments were handed out before the thread answered the first one. */
  async function plannedBeforeFirstAnswer(readAheadFragments?: number): Promise<number> {
    let planned = 0;
    let atFirstAnswer = -1;
    const outcome = await collectParallel(path, 'twenty.xml', {
      ...inThisThread([]),
      ...(readAheadFragments === undefined ? {} : { readAheadFragments }),
      runFragment: (job) => {
        planned++;
        const result = new Promise<FragmentResult>((resolve) =>
          setTimeout(() => {
            if (atFirstAnswer < 0) atFirstAnswer = planned;
            resolve(parseFragment(job));
          }, 100),
        );
        return { result, claim: () => false };
      },
    });
    expect(outcome.records.filter((record) => record.kind === 'entry')).toHaveLength(20);
    return atFirstAnswer;
  }

  it('are three a thread and two for the reader by default, three a thread with readAheadFragments: 0', async () => {
    expect(await plannedBeforeFirstAnswer()).toBe(5);
    expect(await plannedBeforeFirstAnswer(0)).toBe(3);
  });
});

describe('a thread that fails costs speed, never records', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-failing-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a fragment whose thread failed is read by the document reader', async () => {
    const path = join(dir, 'failed.xml');
    writeFileSync(path, document(Array.from({ length: 8 }, (_, i) => entryXml(i, '')).join('')));
    const failing: ParallelCamtOptions = {
      ...inThisThread([]),
      runFragment: () => ({ result: Promise.reject(new Error('the thread died')), claim: () => false }),
    };
    const parallel = await collectParallel(path, 'failed.xml', failing);
    expect(parallel.records.filter((r) => r.kind === 'entry')).toHaveLength(8);
    expect(toJson(parallel)).toEqual(toJson(await collectSequential(path, 'failed.xml')));
  });

  it('a thread that runs out of its heap fails its job and retires the pool', async () => {
    // One entry with 60,000 transaction details: far more than a thread's 16 MiB old generation holds.
    const details = Array.from(
      { length: 60000 },
      (_, i) =>
        `<TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RmtInf><Ustrd>Item ${i} of a long batch</Ustrd></RmtInf></TxDtls>`,
    );
    const entry = `<Ntry><Amt Ccy="EUR">600.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt><NtryDtls><Btch><NbOfTxs>60000</NbOfTxs></Btch>${details.join('\n')}</NtryDtls></Ntry>`;
    const path = join(dir, 'huge-entry.xml');
    writeFileSync(path, document(entryXml(0, '') + entry + entryXml(2, '')));
    const text = readFileSync(path, 'latin1');
    const start = text.indexOf('</Ntry>') + '</Ntry>'.length;
    const end = text.indexOf('</Ntry>', start) + '</Ntry>'.length;
    const pool = new FragmentPool(1);
    try {
      const context = [
        { name: 'Document', attributes: { xmlns: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08' } },
        { name: 'BkToCstmrStmt', attributes: {} },
        { name: 'Stmt', attributes: {} },
      ];
      // Above the entry-details limit, which would otherwise refuse the entry before the heap fills.
      const job = { path, encoding: 'utf-8', start, end, context, maxEntryDetails: 1_000_000 };
      await expect(pool.run(job).result).rejects.toThrow();
      await expect(pool.run(job).result).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });
});

describe('cuts in the wrong place are refused, not trusted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-parallel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an entry end tag inside a comment or CDATA does not become a cut that is taken', async () => {
    const entries = Array.from({ length: 12 }, (_, i) =>
      entryXml(i, i % 4 === 1 ? '<AddtlNtryInf><![CDATA[see </Ntry> here]]></AddtlNtryInf>' : ''),
    );
    entries.splice(6, 0, '<!-- an old entry: <Ntry></Ntry> -->\n');
    const path = join(dir, 'traps.xml');
    writeFileSync(path, document(entries.join('')));
    const taken: boolean[] = [];
    const parallel = await collectParallel(path, 'traps.xml', inThisThread(taken));
    const sequential = await collectSequential(path, 'traps.xml');
    expect(toJson(parallel)).toEqual(toJson(sequential));
    expect(parallel.records.filter((r) => r.kind === 'entry')).toHaveLength(12);
    expect(taken).toContain(false);
    expect(taken).toContain(true);
  });

  it('a document on one line keeps every column', async () => {
    const path = join(dir, 'one-line.xml');
    writeFileSync(path, document(Array.from({ length: 10 }, (_, i) => entryXml(i, '')).join('')).replace(/\n\s*/g, ''));
    const taken: boolean[] = [];
    const parallel = await collectParallel(path, 'one-line.xml', inThisThread(taken));
    expect(toJson(parallel)).toEqual(toJson(await collectSequential(path, 'one-line.xml')));
    expect(taken.filter(Boolean).length).toBeGreaterThan(3);
  });

  // Fragments are tokenised by saxes, which reads a carriage return as a newline where sax (the
  // document reader) keeps it: such text is left to sax. Start tags are placed as sax places them.
  it.each([
    ['CRLF line ends, in text too', (xml: string) => xml.replace(/\n|(?<=Invoice) /g, '\r\n'), false],
    ['start tags spread over lines', (xml: string) => xml.replace(/<Ntry>/g, '<Ntry\n     >'), true],
    ['tabs in attribute values', (xml: string) => xml.replace(/Ccy="EUR"/g, 'Ccy="\tEUR"'), false],
  ])('%s read as the document reader reads them', async (name, edit, someTaken) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.xml`);
    writeFileSync(path, edit(document(Array.from({ length: 10 }, (_, i) => entryXml(i, '')).join(''))));
    const taken: boolean[] = [];
    const parallel = await collectParallel(path, 'edited.xml', inThisThread(taken));
    expect(toJson(parallel)).toEqual(toJson(await collectSequential(path, 'edited.xml')));
    expect(taken.includes(true)).toBe(someTaken);
  });

  it('characters cut in two by the reads of both readers are whole in every record', async () => {
    // Two-, three- and four-byte characters, written and as references, read 1–7 bytes at a time.
    const entries = Array.from({ length: 12 }, (_, i) =>
      entryXml(i, '').replace('Invoice', `Ré€𝄞 &#xE9;&#x1D11E; ${'ü'.repeat(i % 4)}`),
    );
    const path = join(dir, 'cut-characters.xml');
    writeFileSync(path, document(entries.join('')).replace(/\n\s*/g, ''));
    const sequential = toJson(await collectSequential(path, 'cut.xml'));
    for (const readBytes of [1, 2, 3, 5, 7]) {
      const taken: boolean[] = [];
      const parallel = await collectParallel(path, 'cut.xml', {
        ...inThisThread(taken),
        readBytes,
        runFragment: (job) => ({ result: Promise.resolve(parseFragment({ ...job, readBytes })), claim: () => false }),
      });
      expect(toJson(parallel)).toEqual(sequential);
      expect(taken.filter(Boolean).length).toBeGreaterThan(3);
    }
    expect(JSON.stringify(sequential)).toContain('Ré€𝄞 é𝄞 üü');
  });

  it('an entry with an issue in a fragment is met, in order, by the document reader', async () => {
    const entries = Array.from({ length: 8 }, (_, i) => entryXml(i, ''));
    entries[5] = (entries[5] as string).replace('<CdtDbtInd>DBIT</CdtDbtInd>', '');
    const path = join(dir, 'issue.xml');
    writeFileSync(path, document(entries.join('')));
    const parallel = await collectParallel(path, 'issue.xml', inThisThread([]));
    const sequential = await collectSequential(path, 'issue.xml');
    expect(parallel.issues.map((i) => i.code)).toContain('MISSING_ELEMENT');
    expect(toJson(parallel)).toEqual(toJson(sequential));
  });
});

describe('entries handed out in parts (streamEntryDetails)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-parts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'parts.xml');
  // Around the part size (1,000 details): one below it, one at it, and a batch of two and a half parts.
  const sizes = new Map([
    [2, 999],
    [4, 1000],
    [6, 2500],
  ]);
  writeFileSync(path, document(Array.from({ length: 9 }, (_, i) => batchEntryXml(i, sizes.get(i) ?? 1)).join('')));

  it.each([{}, { maxEntryDetails: 20 }])(
    'are read by the document reader, as on one thread, the other entries in fragments (%j)',
    async (limits) => {
      const taken: boolean[] = [];
      const options = { ...limits, streamEntryDetails: true };
      const parallel = await collectParallel(path, 'parts.xml', { ...inThisThread(taken), readBytes: 4096 }, options);
      const sequential = await collectSequential(path, 'parts.xml', options);
      expect(parallel.error).toBeNull();
      expect(toJson(parallel)).toEqual(toJson(sequential));
      const parts = parallel.records.filter((r) => r.kind === 'entry' && r.entry.detailsPart !== undefined);
      expect(parts.length).toBeGreaterThanOrEqual('maxEntryDetails' in limits ? 50 + 50 + 125 : 1 + 3);
      expect(taken.filter(Boolean).length).toBeGreaterThan(2);
    },
  );

  it('parseFile({ threads, streamEntryDetails }) reads them on worker threads, with the records of one thread', async () => {
    const large = join(dir, 'large-parts.xml');
    const entries = Array.from({ length: 22000 }, (_, i) => (i === 15000 ? batchEntryXml(i, 2500) : entryXml(i, '')));
    writeFileSync(large, document(entries.join('')));
    const threaded = await collectFrom((onIssue) =>
      parseFile(large, { fileName: 'large.xml', threads: 2, streamEntryDetails: true, onIssue }),
    );
    const sequential = await collectSequential(large, 'large.xml', { streamEntryDetails: true });
    expect(threaded.records.filter((r) => r.kind === 'entry' && r.entry.detailsPart !== undefined)).toHaveLength(3);
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(sequential));
  });
});

describe('parseFile with worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-threads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // About 8.8 MiB: above the size from which parseFile reads on several threads.
  const path = join(dir, 'large.xml');
  writeFileSync(path, document(Array.from({ length: 22000 }, (_, i) => entryXml(i, '')).join('')));

  it('reads a large file on worker threads with the same records as on one thread', async () => {
    const taken: boolean[] = [];
    const threaded = await collectParallel(path, 'large.xml', {
      threads: 2,
      fragmentBytes: 512 * 1024,
      onFragment: (_r, t) => taken.push(t),
    });
    const sequential = await collectSequential(path, 'large.xml');
    expect(threaded.records).toHaveLength(22002);
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(sequential));
    expect(taken.filter(Boolean).length).toBeGreaterThan(3);
  });

  it('parseFile({ threads }) gives the same records and reports progress to the last byte', async () => {
    expect(statSync(path).size).toBeGreaterThan(8 * 2 ** 20); // the size from which parseFile uses threads
    let bytes = 0;
    const records: StatementRecord[] = [];
    for await (const record of parseFile(path, { fileName: 'large.xml', threads: 2, onRead: (n) => (bytes += n) }))
      records.push(record);
    const sequential = await collectSequential(path, 'large.xml');
    expect(JSON.stringify(records)).toBe(JSON.stringify(sequential.records));
    expect(bytes).toBe(statSync(path).size);
  });
});

function entryXml(i: number, extra: string): string {
  return `    <Ntry>
      <NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${i + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>DBIT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>${extra}
      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Cdtr><Pty><Nm>Händler ${i % 97}</Nm></Pty></Cdtr></RltdPties>
        <RmtInf><Ustrd>Invoice ${i} — März</Ustrd></RmtInf></TxDtls></NtryDtls>
    </Ntry>
`;
}

/** An entry of `details` transaction details, whose amounts add up to the entry's. */
function batchEntryXml(i: number, details: number): string {
  const detail = (d: number): string =>
    `<TxDtls><Refs><EndToEndId>E2E-${i}-${d}</EndToEndId></Refs><Amt Ccy="EUR">1.00</Amt><RltdPties><Cdtr><Pty><Nm>Händler ${d % 97}</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Invoice ${i}/${d}</Ustrd></RmtInf></TxDtls>`;
  return `    <Ntry>
      <NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${details}.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
      <NtryDtls>${Array.from({ length: details }, (_, d) => detail(d)).join('\n')}</NtryDtls>
    </Ntry>
`;
}

function document(entries: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
  <GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
    <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
${entries}  </Stmt>
</BkToCstmrStmt></Document>
`;
}
