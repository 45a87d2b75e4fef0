import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Categorizer } from '@stmt/categorizer';
import type { StatementRow } from '@stmt/export';
import { AccountMap } from '@stmt/ledger';
import { StatementParseError, type StatementRecord } from '@stmt/parser';
import {
  categorizingEnricher,
  ConvertError,
  convertDirectory,
  convertFile,
  convertMerged,
  resolveInput,
  statementRecords,
  type ConvertLogger,
} from '@stmt/convert';
import { answerWith, scratchFolder, sentTransactions, startFakeChatServer } from '@fin/test-utils';

const fixtures = join(__dirname, '..', '..', 'stmt-parser', 'test', 'fixtures', 'camt');
const foreign = join(fixtures, 'camt053-foreign-currency.xml');
const expectedCsv = readFileSync(join(fixtures, 'camt053-foreign-currency.expected.csv'), 'utf8');

/** A logger that keeps what it is told, level first. */
function recordingLogger(): ConvertLogger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, error: log('error'), warn: log('warn'), info: log('info') };
}

describe('@stmt/convert', () => {
  const dir = scratchFolder('stmt-convert-');

  it('converts a file to the CSV the CLI writes, with defaults for everything but input and output', async () => {
    const output = join(dir(), 'out.csv');
    const outcomes: string[] = [];
    const logger = recordingLogger();
    const result = await convertFile({
      input: await resolveInput(foreign),
      output,
      logger,
      onFileDone: (file, outcome) => outcomes.push(`${file} ${outcome}`),
    });
    expect(readFileSync(output, 'utf8')).toBe(expectedCsv);
    expect({ parser: result.parser, rows: result.rows, entries: result.summary.entries }).toEqual({
      parser: 'camt.053',
      rows: 1,
      entries: 1,
    });
    expect(outcomes).toEqual([`${foreign} success`]);
    expect(logger.lines).toEqual(['info converted']);
    expect(readdirSync(dir())).toEqual(['out.csv']);
  });

  it('writes `-` to the stream it is given, and a dry run writes nothing', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await convertFile({ input: await resolveInput(foreign), output: '-', settings: { standardOutput: out } });
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expectedCsv);
    const dry = await convertFile({ input: await resolveInput(foreign), output: undefined });
    expect(dry.rows).toBe(1);
    expect(readdirSync(dir())).toEqual([]);
  });

  it('reads a stream as standard input', async () => {
    const stream = (async function* () {
      yield readFileSync(foreign);
    })();
    const input = { kind: 'stdin' as const, name: '<stream>', stream };
    const output = join(dir(), 'stream.csv');
    await convertFile({ input, output });
    expect(readFileSync(output, 'utf8')).toBe(expectedCsv);
  });

  it('refuses what it cannot do with a ConvertError of a closed code', async () => {
    await expect(resolveInput(join(dir(), 'missing.xml'))).rejects.toMatchObject({
      name: 'ConvertError',
      code: 'INPUT_NOT_FOUND',
    });
    const copy = join(dir(), 'in.xml');
    copyFileSync(foreign, copy);
    const overwrite = convertFile({ input: await resolveInput(copy), output: copy });
    await expect(overwrite).rejects.toBeInstanceOf(ConvertError);
    await expect(overwrite).rejects.toMatchObject({ code: 'USAGE' });
    const camt052 = convertFile({
      input: await resolveInput(foreign),
      output: undefined,
      settings: { allowedFormats: ['camt.052'] },
    });
    await expect(camt052).rejects.toMatchObject({ code: 'PARSE_FAILED' });
  });

  it('writes through a symbolic link into the file it points to, keeping its mode, and never into the input', async () => {
    const data = join(dir(), 'data');
    mkdirSync(data);
    const real = join(data, 'real.csv');
    writeFileSync(real, 'previous');
    chmodSync(real, 0o600);
    // A temporary file a killed run left beside the real file is swept from there.
    const stale = join(data, '.real.csv.999999999.0123abcd.tmp');
    writeFileSync(stale, 'x');
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(stale, old, old);
    const link = join(dir(), 'out.csv');
    symlinkSync(join('data', 'real.csv'), link);
    await convertFile({ input: await resolveInput(foreign), output: link });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe(expectedCsv);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readdirSync(data)).toEqual(['real.csv']);

    const input = join(dir(), 'in.xml');
    copyFileSync(foreign, input);
    symlinkSync('in.xml', join(dir(), 'to-input.csv'));
    await expect(
      convertFile({ input: await resolveInput(input), output: join(dir(), 'to-input.csv') }),
    ).rejects.toMatchObject({ name: 'ConvertError', code: 'USAGE' });
    expect(readFileSync(input, 'utf8')).toBe(readFileSync(foreign, 'utf8'));
    expect(readdirSync(dir()).sort()).toEqual(['data', 'in.xml', 'out.csv', 'to-input.csv']);
  });

  it('converts a folder, reporting a bad file with its error and converting the rest', async () => {
    const input = join(dir(), 'in');
    mkdirSync(input);
    copyFileSync(foreign, join(input, 'a.xml'));
    writeFileSync(join(input, 'b.xml'), readFileSync(foreign, 'utf8').slice(0, 400));
    writeFileSync(join(input, 'notes.txt'), 'not a statement');
    const report = await convertDirectory(input, join(dir(), 'out'), {});
    expect(report.converted).toEqual([
      { input: join(input, 'a.xml'), output: join(dir(), 'out', 'a.csv'), entries: 1 },
    ]);
    expect(report.skipped).toEqual([join(input, 'notes.txt')]);
    expect(report.failed.map((failure) => failure.input)).toEqual([join(input, 'b.xml')]);
    expect(report.failed[0]?.error).toBeInstanceOf(StatementParseError);
    expect(readdirSync(join(dir(), 'out'))).toEqual(['a.csv']);
  });

  it('converts each file of a folder whole, whether it is read at once or streamed from disk', async () => {
    const input = join(dir(), 'in');
    mkdirSync(input);
    // Comments of 1 KiB before the root's end tag: past the 8 KiB read to recognise a file, and
    // in the second file past the 1 MiB up to which a folder's file is read in one go.
    const padded = (kib: number): string =>
      readFileSync(foreign, 'utf8').replace(
        '</Document>',
        `<!-- ${'x'.repeat(1016)} -->\n`.repeat(kib) + '</Document>',
      );
    writeFileSync(join(input, 'a.xml'), padded(64));
    writeFileSync(join(input, 'b.xml'), padded(1024));
    const report = await convertDirectory(input, join(dir(), 'out'), {});
    expect(report.failed).toEqual([]);
    expect(report.converted.map((converted) => converted.entries)).toEqual([1, 1]);
    expect(readFileSync(join(dir(), 'out', 'a.csv'), 'utf8')).toBe(expectedCsv);
    expect(readFileSync(join(dir(), 'out', 'b.csv'), 'utf8')).toBe(expectedCsv);
  });

  it("refuses to write a folder's output through a link that leads to one of its inputs", async () => {
    const input = join(dir(), 'in');
    const output = join(dir(), 'out');
    mkdirSync(input);
    mkdirSync(output);
    copyFileSync(foreign, join(input, 'a.xml'));
    // A bank CSV in the input folder, and a link in the output folder named as its output would be.
    copyFileSync(foreign, join(input, 'b.csv'));
    symlinkSync(join(input, 'b.csv'), join(output, 'b.csv'));
    const before = readFileSync(join(input, 'b.csv'));
    const report = await convertDirectory(input, output, { format: 'camt.053' });
    expect(report.converted.map((converted) => converted.input)).toEqual([join(input, 'a.xml')]);
    expect(report.failed).toEqual([{ input: join(input, 'b.csv'), error: expect.objectContaining({ code: 'USAGE' }) }]);
    expect(readFileSync(join(input, 'b.csv')).equals(before)).toBe(true);
  });

  it("keeps a replaced output's permission bits, and follows a link in the output folder, in a folder conversion", async () => {
    const input = join(dir(), 'in');
    const output = join(dir(), 'out');
    const elsewhere = join(dir(), 'elsewhere');
    mkdirSync(input);
    mkdirSync(output);
    mkdirSync(elsewhere);
    for (const name of ['kept.xml', 'linked.xml', 'new.xml']) copyFileSync(foreign, join(input, name));
    writeFileSync(join(output, 'kept.csv'), 'old');
    chmodSync(join(output, 'kept.csv'), 0o600);
    symlinkSync(join(elsewhere, 'linked.csv'), join(output, 'linked.csv'));
    const report = await convertDirectory(input, output, { format: 'camt.053' });
    expect(report.failed).toEqual([]);
    expect(statSync(join(output, 'kept.csv')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(output, 'kept.csv'), 'utf8')).toBe(expectedCsv);
    expect(lstatSync(join(output, 'linked.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(elsewhere, 'linked.csv'), 'utf8')).toBe(expectedCsv);
    expect(readFileSync(join(output, 'new.csv'), 'utf8')).toBe(expectedCsv);
  });

  it("hands rows to enrichment in batches of the enricher's size, 16 when it names none", async () => {
    const input = join(dir(), 'forty.xml');
    writeFileSync(input, shuffledStatement(40));
    const batches = async (batchSize?: number): Promise<number[]> => {
      const sizes: number[] = [];
      const record = (rows: StatementRow[]): Promise<StatementRow[]> => {
        sizes.push(rows.length);
        return Promise.resolve(rows);
      };
      const enrich = batchSize === undefined ? record : Object.assign(record, { batchSize });
      await convertFile({ input: await resolveInput(input), output: join(dir(), 'out.csv'), settings: { enrich } });
      return sizes;
    };
    expect(await batches()).toEqual([16, 16, 8]);
    expect(await batches(100)).toEqual([40]);
  });

  it('asks the AI service about the parties of up to 100 rows at a time, in requests of 20', async () => {
    const input = join(dir(), 'forty.xml');
    writeFileSync(input, shuffledStatement(40));
    const server = await startFakeChatServer(answerWith(() => 'Shopping'));
    try {
      const ai = { enabled: true, apiKey: 'test-key', baseUrl: server.baseUrl, model: 'test', requestsPerMinute: 600 };
      const categorizer = await Categorizer.load({ ai });
      const output = join(dir(), 'out.csv');
      await convertFile({
        input: await resolveInput(input),
        output,
        settings: { enrich: categorizingEnricher(categorizer) },
      });
      expect(server.requests.map((request) => sentTransactions(request).length)).toEqual([20, 20]);
      // Without the AI service, rows go in the default batches.
      expect(categorizingEnricher(await Categorizer.load({})).batchSize).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('hands out no record once the parser reported an error, and then throws it', async () => {
    const input = join(dir(), 'broken.xml');
    writeFileSync(input, shuffledStatement(40).replace('<Amt Ccy="EUR">30.00</Amt>', '<Amt Ccy="EUR">3O.00</Amt>'));
    const handed: StatementRecord[] = [];
    const read = async (): Promise<void> => {
      for await (const record of statementRecords({ input: await resolveInput(input) })) handed.push(record);
    };
    await expect(read()).rejects.toThrow(StatementParseError);
    // The file is read in one piece: the records parsed before the error are not handed out either.
    expect(handed).toEqual([]);
  });

  it('merges overlapping statements, each booking once', async () => {
    const output = join(dir(), 'merged.csv');
    const twice = join(dir(), 'twice');
    mkdirSync(twice);
    copyFileSync(foreign, join(twice, 'a.xml'));
    copyFileSync(foreign, join(twice, 'b.xml'));
    const merged = await convertMerged(await resolveInput(twice), {}, { output, sinceLast: false, stateFor: output });
    expect({ files: merged.files.length, rows: merged.rows, dropped: merged.report.total }).toEqual({
      files: 2,
      rows: 1,
      dropped: 1,
    });
    expect(readFileSync(output, 'utf8')).toBe(expectedCsv);
  });

  it('sorts the CSV and the journal by booking date, stable, through runs on disk past sortMemoryBytes', async () => {
    const input = join(dir(), 'shuffled.xml');
    writeFileSync(input, shuffledStatement(120));
    const csv = async (settings: { streaming: boolean; sortMemoryBytes?: number }): Promise<string[]> => {
      const output = join(dir(), 'out.csv');
      await convertFile({ input: await resolveInput(input), output, settings });
      return readFileSync(output, 'utf8').trimEnd().split('\n');
    };
    const [header, ...fileOrder] = await csv({ streaming: true });
    const byDate = [...fileOrder].sort((a, b) =>
      a.slice(0, 10) < b.slice(0, 10) ? -1 : a.slice(0, 10) > b.slice(0, 10) ? 1 : 0,
    );
    expect(byDate).not.toEqual(fileOrder);
    expect(await csv({ streaming: false, sortMemoryBytes: 500 })).toEqual([header, ...byDate]);
    expect(await csv({ streaming: false })).toEqual([header, ...byDate]);

    const journal = join(dir(), 'out.journal');
    const ledger = { format: 'hledger' as const, accounts: new AccountMap() };
    await convertFile({
      input: await resolveInput(input),
      output: journal,
      ledger,
      settings: { sortMemoryBytes: 500 },
    });
    const dates = readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => /^2024-03-\d\d \*/.test(line))
      .map((line) => line.slice(0, 10));
    expect(dates).toHaveLength(120);
    expect(dates).toEqual([...dates].sort());
    expect(readdirSync(dir()).sort()).toEqual(['out.csv', 'out.journal', 'shuffled.xml']);
  });
});

/** A camt.053 of `entries` bookings whose dates jump back and forth through March, several a day. */
function shuffledStatement(entries: number): string {
  const rows = Array.from({ length: entries }, (_, i) => {
    const day = String(1 + ((i * 7) % 9)).padStart(2, '0');
    return `<Ntry><NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${i + 1}.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-${day}</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Shop ${i} "Zur Post", Süd</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
${rows.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`;
}
