import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
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
