import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerWith, startFakeChatServer } from '@fin/test-utils';
import type { FakeChatServer } from '@fin/test-utils';
import { FIXTURES, HAS_SCRIPT, runCli, runCliAsync, runCliInTerminal, tempDir } from './run-cli';

// Spawns the built binary: run `pnpm run build` first.
const UNKNOWN = join(FIXTURES, 'unknown-parties.camt053.xml');
const MARCH = join(FIXTURES, 'two-statements.camt053.xml');
const NO_AI = { CAMT_AI_ENABLED: 'false' };

describe('stmt convert --database', () => {
  it.each(['convert', 'camt'])('lets %s --database override the shipped and per-user mappings', (command) => {
    const perUser = tempDir();
    writeFileSync(join(perUser, 'debtors.yaml'), 'qwerty lodge: Per-user (test)\n');
    const database = tempDir();
    writeFileSync(join(database, 'debtors.yaml'), 'QWERTY LODGE: Holidays (test)\n');
    const run = runCli([command, '-i', UNKNOWN, '-o', '-', '--preset', 'minimal', '--database', database], {
      env: { ...NO_AI, CAMT_DATABASE_DIR: perUser },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[1]).toBe('2024-04-03,-80.00,EUR,Qwerty Lodge,Booking 4711,Holidays (test)');
  });

  it('exits 6 naming the file when a --database file is broken', () => {
    const database = tempDir();
    writeFileSync(join(database, 'debtors.yaml'), '- not a map\n');
    const run = runCli(['convert', '-i', UNKNOWN, '--dry-run', '--database', database], { env: NO_AI });
    expect(run.status).toBe(6);
    expect(run.stderr).toContain(join(database, 'debtors.yaml'));
  });
});

describe('stmt convert --dry-run with categorisation', () => {
  it('counts rows per category and per tier', () => {
    const run = runCli(['convert', '-i', MARCH, '--dry-run'], { env: NO_AI });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      '\ncategories: Rent 1, Restaurants 1, Salary 1, Uncategorized 1\ntiers: rule 3, fallback 1\n',
    );
  });

  it('puts the counts in the JSON summary, and leaves them out with --no-categorize', () => {
    const json = JSON.parse(runCli(['convert', '-i', MARCH, '--dry-run', '--json'], { env: NO_AI }).stdout) as Record<
      string,
      unknown
    >;
    expect(json['categories']).toEqual({ Rent: 1, Restaurants: 1, Salary: 1, Uncategorized: 1 });
    expect(json['tiers']).toEqual({ rule: 3, fallback: 1 });
    const plain = runCli(['convert', '-i', MARCH, '--dry-run', '--no-categorize']);
    expect(plain.stdout).not.toContain('categories:');
  });
});

describe('stmt convert --save-mappings', () => {
  let server: FakeChatServer;
  beforeAll(async () => {
    server = await startFakeChatServer(answerWith(() => 'Travel'));
  });
  afterAll(() => server.close());

  const aiEnv = (): Record<string, string> => ({
    AI_API_KEY: 'sk-test-save',
    CAMT_AI_MODEL: 'test-model',
    CAMT_AI_BASE_URL: server.baseUrl,
  });
  const ORIGINAL = '# my own mappings\nlandlord ag: Rent\n';

  function databaseWithDebtors(): string {
    const database = tempDir();
    writeFileSync(join(database, 'debtors.yaml'), ORIGINAL);
    return database;
  }

  it('lists the proposals but saves nothing without --yes when not on a terminal', async () => {
    const database = databaseWithDebtors();
    const out = join(tempDir(), 'april.csv');
    const run = await runCliAsync(['convert', '-i', UNKNOWN, '-o', out, '--save-mappings', '--database', database], {
      env: aiEnv(),
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/\n {2}debit {3}Qwerty Lodge {2}→ Travel {2}\(ai, \d\.\d\d\)\n/);
    expect(run.stderr).toMatch(/\n {2}credit {2}Zyx Vwq Oy {4}→ Travel {2}\(ai, /);
    expect(run.stderr).toContain('Nothing saved (not a terminal). Run again with --save-mappings --yes');
    expect(readdirSync(database)).toEqual(['debtors.yaml']);
    expect(readFileSync(join(database, 'debtors.yaml'), 'utf8')).toBe(ORIGINAL);
    expect(readFileSync(out, 'utf8')).toContain(',Travel,');
  });

  it('with --yes writes the mappings, keeps a backup of the old file, and the next run uses them as exact mappings', async () => {
    const database = databaseWithDebtors();
    const out = join(tempDir(), 'april.csv');
    const run = await runCliAsync(
      ['convert', '-i', UNKNOWN, '-o', out, '--save-mappings', '--yes', '--database', database],
      { env: aiEnv() },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      `Saved 2 mapping(s) to ${join(database, 'debtors.yaml')}, ${join(database, 'creditors.yaml')}`,
    );

    expect(readFileSync(join(database, 'debtors.yaml'), 'utf8')).toBe(`${ORIGINAL}qwerty lodge: Travel\n`);
    expect(readFileSync(join(database, 'creditors.yaml'), 'utf8')).toBe('zyx vwq oy: Travel\n');
    const backups = readdirSync(database).filter((name) => name.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^debtors\.yaml\.\d{4}-\d\d-\d\dT[\d-]+Z\.bak$/);
    expect(readFileSync(join(database, backups[0] ?? ''), 'utf8')).toBe(ORIGINAL);

    const asked = server.requests.length;
    const again = await runCliAsync(['convert', '-i', UNKNOWN, '--dry-run', '--database', database], { env: aiEnv() });
    expect(again.stdout).toContain('tiers: mapping 2');
    expect(server.requests).toHaveLength(asked);
  });

  it('saves nothing in a dry run, even with --yes', async () => {
    const database = databaseWithDebtors();
    const run = await runCliAsync(
      ['convert', '-i', UNKNOWN, '--dry-run', '--save-mappings', '--yes', '--database', database],
      { env: aiEnv() },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('Dry run: nothing saved.');
    expect(readdirSync(database)).toEqual(['debtors.yaml']);
  });

  it('writes an editable review file that `stmt mappings apply` saves as edited', async () => {
    const database = databaseWithDebtors();
    const review = join(tempDir(), 'review.yaml');
    const run = await runCliAsync(
      ['convert', '-i', UNKNOWN, '--dry-run', '--mappings-review', review, '--database', database],
      { env: aiEnv() },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`Wrote 2 learned mapping(s) to ${review}`);
    const proposed = readFileSync(review, 'utf8');
    expect(proposed).toContain('  - party: Qwerty Lodge\n    direction: debit\n    category: Travel\n    tier: ai\n');
    expect(readdirSync(database)).toEqual(['debtors.yaml']);

    // The user keeps Qwerty Lodge under another category and drops the other proposal.
    writeFileSync(review, 'mappings:\n  - party: Qwerty Lodge\n    direction: debit\n    category: Holidays\n');
    const applied = runCli(['mappings', 'apply', review, '--database', database]);
    expect(applied.status).toBe(0);
    expect(applied.stdout).toContain(
      `Saved 1 mapping(s) to ${join(database, 'debtors.yaml')} (backup: ${join(database, 'debtors.yaml')}.`,
    );
    expect(readFileSync(join(database, 'debtors.yaml'), 'utf8')).toBe(`${ORIGINAL}qwerty lodge: Holidays\n`);
    expect(readdirSync(database).filter((name) => name.startsWith('creditors'))).toEqual([]);
  });

  it('refuses a broken review file, listing the problems and saving nothing (exit 2)', () => {
    const database = databaseWithDebtors();
    const review = join(tempDir(), 'review.yaml');
    writeFileSync(review, 'mappings:\n  - party: Qwerty Lodge\n    direction: sideways\n    category: Travel\n');
    const run = runCli(['mappings', 'apply', review, '--database', database]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('mappings[0].direction must be equal to one of the allowed values');
    expect(readdirSync(database)).toEqual(['debtors.yaml']);
  });

  it('refuses --save-mappings with --no-categorize (exit 2)', () => {
    const run = runCli(['convert', '-i', UNKNOWN, '--dry-run', '--save-mappings', '--no-categorize']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--save-mappings and --mappings-review need categorisation');
  });
});

// The local classifier (no AI) decides Qwerty Lodge from two similar mapped parties.
(HAS_SCRIPT ? describe : describe.skip)('stmt convert --save-mappings on a terminal', () => {
  const SIMILAR = 'qwerty lodge alpine: Travel\nqwerty lodge beach: Travel\n';

  function run(typed: string): { database: string; output: string } {
    const database = tempDir();
    writeFileSync(join(database, 'debtors.yaml'), SIMILAR);
    const args = [
      'convert',
      '-i',
      UNKNOWN,
      '-o',
      join(tempDir(), 'out.csv'),
      '--save-mappings',
      '--database',
      database,
      '--log-level',
      'error',
    ];
    const result = runCliInTerminal(args, typed, { env: NO_AI });
    expect(result.status).toBe(0);
    return { database, output: result.stdout };
  }

  it('asks, and saves on "y"', () => {
    const { database, output } = run('y\r');
    expect(output).toContain(`Save 1 mappings to ${database}? [y/N]`);
    expect(readFileSync(join(database, 'debtors.yaml'), 'utf8')).toBe(`${SIMILAR}qwerty lodge: Travel\n`);
  });

  it('saves nothing on Enter (the default is no)', () => {
    const { database, output } = run('\r');
    expect(output).toContain('Nothing saved.');
    expect(readdirSync(database)).toEqual(['debtors.yaml']);
  });
});
