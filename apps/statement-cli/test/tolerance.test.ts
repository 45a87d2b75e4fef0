import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIR, runCli, tempDir } from './run-cli';

/** A statement with one deviation: an amount written without its decimal comma, on line 4. */
const KNAB_STYLE =
  ':20:K1\n:25:NL12KNAB0123456789\n:60F:C240101EUR0,00\n:61:240102C500NTRFREF\n:86:GIFT\n:62F:C240102EUR500,00\n-\n';

function statementFile(name = 'knab.sta', text = KNAB_STYLE): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('tolerance policy in the CLI', () => {
  it('converts a file with a deviation and lists the warning with its place in --dry-run --json', () => {
    const file = statementFile();
    const run = runCli(['convert', '-i', file, '--dry-run', '--json', '--no-categorize']);
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout) as { entries: number; warnings: number; issues: Record<string, unknown>[] };
    expect(summary.entries).toBe(1);
    expect(summary.warnings).toBe(1);
    expect(summary.issues[0]).toMatchObject({ severity: 'warning', file, line: 4, column: 12, element: ':61:' });
    expect(run.stderr).toMatch(/warn .*decimal comma/);
  });

  it('refuses the same file with --strict, and with input.strict from the environment', () => {
    const file = statementFile();
    const strict = runCli(['convert', '-i', file, '-o', join(tempDir(), 'out.csv'), '--strict', '--no-categorize']);
    expect(strict.status).toBe(4);
    expect(strict.stderr).toMatch(/line 4, column 12.*strict/);
    expect(
      runCli(['convert', '-i', file, '--dry-run', '--no-categorize'], { env: { CAMT_INPUT_STRICT: 'true' } }).status,
    ).toBe(4);
    expect(
      runCli(['convert', '-i', file, '--dry-run', '--no-categorize', '--no-strict'], {
        env: { CAMT_INPUT_STRICT: 'true' },
      }).status,
    ).toBe(0);
  });

  it('validate lists the deviation with its severity, and fails it only with --strict', () => {
    const file = statementFile();
    const run = runCli(['validate', '-i', file]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`${file}:4:12: warning INVALID_VALUE at :61:`);
    expect(run.stdout).toMatch(/valid mt940 .*1 warning/);
    const strict = runCli(['validate', '-i', file, '--strict']);
    expect(strict.status).toBe(4);
    expect(strict.stdout).toContain(`${file}:4:12: error INVALID_VALUE at :61:`);
  });

  it('writes the SEPA columns with --preset full only', () => {
    const file = statementFile(
      'sepa.sta',
      ':20:S\n:25:DE89370400440532013000\n:60F:C240101EUR10,00\n:61:240102D1,00NDDTNONREF\n:86:105?20EREF+E1?21MREF+MANDATE-1?22CRED+DE98ZZZ09999999999?23SVWZ+Beitrag\n:62F:C240102EUR9,00\n-\n',
    );
    const full = runCli(['convert', '-i', file, '-o', '-', '--preset', 'full', '--no-categorize']);
    expect(full.status).toBe(0);
    const [header, row] = full.stdout.trim().split('\n');
    const record = Object.fromEntries((header ?? '').split(',').map((name, i) => [name, (row ?? '').split(',')[i]]));
    expect(record).toMatchObject({
      end_to_end_id: 'E1',
      mandate_id: 'MANDATE-1',
      creditor_id: 'DE98ZZZ09999999999',
      remittance_info: 'Beitrag',
    });
    const plain = runCli(['convert', '-i', file, '-o', '-', '--no-categorize']);
    expect(plain.stdout.split('\n')[0]).not.toContain('mandate_id');
  });
});

describe('conformance over peer suites', () => {
  const script = join(APP_DIR, '..', '..', 'scripts', 'conformance.mjs');

  /** A samples folder with one peer file, what the peer expects of it, and the given judgements. */
  function samples(judgements: unknown[]): string {
    const dir = tempDir('stmt-samples-');
    writeFileSync(join(dir, 'SOURCES.md'), '# none\n');
    mkdirSync(join(dir, 'peer-suites', 'peer'), { recursive: true });
    writeFileSync(join(dir, 'peer-suites', 'peer', 'a.sta'), KNAB_STYLE);
    const expected = {
      'peer/a.sta': {
        peer: 'some/peer',
        entry_count: 1,
        entries: [{ amount: '500.00', credit_debit: 'CRDT', entry_reference: 'REF-OTHER' }],
      },
    };
    writeFileSync(join(dir, 'peer-suites', 'expected.json'), JSON.stringify(expected));
    writeFileSync(join(dir, 'peer-suites', 'judgements.json'), JSON.stringify(judgements));
    return dir;
  }

  it('fails on a difference no judgement covers, and prints a table per peer', () => {
    const run = spawnSync(process.execPath, [script, samples([])], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('peer some/peer: 1 file(s), 1 entries checked');
    expect(run.stdout).toMatch(/UNCLASSIFIED peer\/a\.sta entry 0 entry_reference: ours "REF", expected "REF-OTHER"/);
  });

  it('passes when the difference is judged a convention, and fails when it is judged ours-wrong', () => {
    const judged = (kind: string): unknown[] => [
      { path: 'peer/', field: 'entry_reference', got_re: '^REF$', class: kind, why: 'test' },
    ];
    expect(spawnSync(process.execPath, [script, samples(judged('convention'))], { encoding: 'utf8' }).status).toBe(0);
    expect(spawnSync(process.execPath, [script, samples(judged('ours-wrong'))], { encoding: 'utf8' }).status).toBe(1);
  });
});
