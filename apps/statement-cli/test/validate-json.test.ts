import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

describe('stmt validate --json', () => {
  it('prints the verdict of a valid file as one JSON object on stdout, exit 0', () => {
    const file = join(FIXTURES, 'two-statements.camt053.xml');
    const run = runCli(['validate', '--input', file, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      file,
      format: 'camt.053',
      valid: true,
      statements: 2,
      entries: 4,
      errors: 0,
      warnings: 0,
      notes: 0,
      issues: [],
      omitted: [],
    });
  });

  it('lists the first 1,000 issues of a kind, counts the rest under omitted, and says so in text', () => {
    // 600 statements without account or balances: two MISSING_ELEMENT warnings each.
    const statements = Array.from({ length: 600 }, (_, i) => `<Stmt><Id>S${i}</Id></Stmt>`).join('');
    const file = join(tempDir(), 'bare.xml');
    writeFileSync(
      file,
      `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>${statements}</BkToCstmrStmt></Document>`,
    );
    const json = runCli(['validate', '--input', file, '--json']);
    expect(json.status).toBe(0);
    const result = JSON.parse(json.stdout) as { warnings: number; issues: unknown[]; omitted: unknown[] };
    expect(result.issues).toHaveLength(1000);
    expect(result.omitted).toEqual([{ severity: 'warning', code: 'MISSING_ELEMENT', count: result.warnings - 1000 }]);
    expect(result.warnings).toBeGreaterThanOrEqual(1200);
    const text = runCli(['validate', '--input', file]);
    expect(text.stdout).toContain(
      `${file}: ${result.warnings - 1000} more warning(s) MISSING_ELEMENT not listed, after the first 1000`,
    );
    expect(text.stdout.split('\n').filter((line) => line.includes(': warning MISSING_ELEMENT'))).toHaveLength(1000);
  });

  it('reads a large camt file on worker threads with the report of one thread (standard input)', () => {
    // Over 8 MiB, from which camt is read on threads; an entry without direction every 5,000, an HTML
    // entity every 7,777, a batch of 2,500 details (read in parts), and a closing balance that does not reconcile.
    const detail = (i: number, d: number, batch: boolean): string =>
      `<TxDtls><Refs><EndToEndId>E${i}-${d}</EndToEndId></Refs>${batch ? '<Amt Ccy="EUR">0.01</Amt>' : ''}<RltdPties><Cdtr><Pty><Nm>Händler ${i % 97}${i % 7777 === 3 ? '&nbsp;' : ''}</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Invoice ${i} – März</Ustrd></RmtInf></TxDtls>`;
    const entry = (i: number): string => {
      const details = i === 12000 ? 2500 : 1;
      return `<Ntry><NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${(i % 90) + 1}.00</Amt>${i % 5000 === 17 ? '' : '<CdtDbtInd>DBIT</CdtDbtInd>'}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-${String((i % 28) + 1).padStart(2, '0')}</Dt></BookgDt><NtryDtls>${Array.from({ length: details }, (_, d) => detail(i, d, details > 1)).join('')}</NtryDtls></Ntry>\n`;
    };
    const balance = (code: string, amount: string, day: string): string =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
    const file = join(tempDir(), 'large.xml');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr><Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', '100.00', '2024-02-29')}\n${Array.from({ length: 25000 }, (_, i) => entry(i)).join('')}${balance('CLBD', '5.00', '2024-03-31')}</Stmt></BkToCstmrStmt></Document>\n`,
    );
    expect(statSync(file).size).toBeGreaterThan(8 * 2 ** 20);
    const onThreads = runCli(['validate', '--input', file, '--json']);
    const alone = runCli(['validate', '--input', '-', '--json'], { input: readFileSync(file) });
    expect(onThreads.status).toBe(4);
    const result = JSON.parse(onThreads.stdout) as { entries: number; errors: number; warnings: number };
    expect(result).toMatchObject({ entries: 24995, errors: 5, warnings: 5 });
    expect(onThreads.stdout.replaceAll(JSON.stringify(file).slice(1, -1), '<stdin>')).toBe(alone.stdout);
  });

  it('lists each issue with code, severity, message and location, and keeps exit 4 for an invalid file', () => {
    const file = join(FIXTURES, 'truncated.camt053.xml');
    const run = runCli(['validate', '--input', file, '--json']);
    expect(run.status).toBe(4);
    const result = JSON.parse(run.stdout) as { valid: boolean; errors: number; issues: unknown[] };
    expect(result).toMatchObject({ file, format: 'camt.053', valid: false, errors: 1 });
    expect(result.issues).toEqual([
      {
        code: 'TRUNCATED',
        severity: 'error',
        message: expect.stringContaining('the file ends inside <TxDtls>'),
        location: { file, line: 67, column: 9, path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/NtryDtls/TxDtls[1]' },
      },
    ]);
  });

  it('names the format of a file cut before its first statement began', () => {
    const file = join(tempDir(), 'cut.xml');
    const whole = readFileSync(join(FIXTURES, 'truncated.camt053.xml'), 'utf8');
    writeFileSync(file, whole.slice(0, whole.indexOf('<Stmt>') + 6));
    const run = runCli(['validate', '--input', file, '--json']);
    expect(run.status).toBe(4);
    expect(JSON.parse(run.stdout)).toMatchObject({ format: 'camt.053', valid: false, statements: 0, errors: 1 });
  });

  it('reports a balance that does not reconcile as an error issue with its element path', () => {
    const file = join(FIXTURES, 'unreconciled.camt053.xml');
    const run = runCli(['validate', '--input', file, '--json']);
    expect(run.status).toBe(4);
    const result = JSON.parse(run.stdout) as { valid: boolean; issues: unknown[] };
    expect(result.valid).toBe(false);
    expect(result.issues).toContainEqual({
      code: 'UNRECONCILED_BALANCE',
      severity: 'error',
      message: expect.stringContaining('does not reconcile'),
      location: {
        file,
        line: expect.any(Number),
        column: expect.any(Number),
        path: expect.stringMatching(/^Document\/BkToCstmrStmt\/Stmt\[\d\]\/Bal\[2\]$/),
      },
    });
  });

  it('reports a folder file by file, with the skipped ones, exit 4 when one is invalid', () => {
    const dir = tempDir();
    copyFileSync(join(FIXTURES, 'two-statements.camt053.xml'), join(dir, 'good.xml'));
    copyFileSync(join(FIXTURES, 'truncated.camt053.xml'), join(dir, 'bad.xml'));
    copyFileSync(join(FIXTURES, 'notes.txt'), join(dir, 'notes.txt'));
    mkdirSync(join(dir, 'nested'));
    const run = runCli(['validate', '--input', dir, '--json']);
    expect(run.status).toBe(4);
    const result = JSON.parse(run.stdout) as {
      folder: string;
      valid: boolean;
      files: { file: string; valid: boolean }[];
      skipped: string[];
    };
    expect(result.folder).toBe(dir);
    expect(result.valid).toBe(false);
    expect(result.files.map(({ file, valid }) => ({ file, valid }))).toEqual([
      { file: join(dir, 'bad.xml'), valid: false },
      { file: join(dir, 'good.xml'), valid: true },
    ]);
    expect(result.skipped).toEqual([join(dir, 'notes.txt')]);
  });

  it('prints nothing on stdout when the input cannot be read, with the usual exit code', () => {
    const run = runCli(['validate', '--input', join(tempDir(), 'missing.xml'), '--json']);
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('not found');
  });
});
