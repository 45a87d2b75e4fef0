import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

describe('stmt start-up conventions', () => {
  it('answers --version without oclif, with the same line as the version command', () => {
    const fast = runCli(['--version']);
    const full = runCli(['version', '--log-level', 'warn']);
    expect(fast.status).toBe(0);
    expect(fast.stdout).toMatch(/^stmt \d+\.\d+\.\d+\S* \(commit \S+, built \S+\)\n$/);
    expect(full.stdout).toBe(fast.stdout);
  });

  it('prints the version as JSON with --json', () => {
    const run = runCli(['version', '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toEqual({ version: expect.any(String), commit: expect.any(String), buildDate: expect.any(String) });
  });

  it('suggests the nearest command for a mistyped one, as a usage error', () => {
    const run = runCli(['conver', '--input', 'x.xml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      / error conver is not a stmt command\. Did you mean convert\? Run `stmt help` for the list of commands\.\n$/,
    );
  });

  it('says where a file given as an argument goes, rather than calling it an unknown command', () => {
    const run = runCli(['convert', 'my statement.xml', '-o', 'out.csv']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      / error stmt convert takes no arguments, but was given "my statement\.xml"\. Name the input with -i\/--input: stmt convert -i 'my statement\.xml'\. Run `stmt help convert` for its flags\.\n$/,
    );
    const two = runCli(['validate', 'a.xml', 'b.xml']);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain(
      'stmt validate takes no arguments, but was given "a.xml", "b.xml". Run `stmt help validate`',
    );
    const party = runCli(['categorize', 'REWE Markt']);
    expect(party.status).toBe(2);
    expect(party.stderr).toContain(
      `stmt categorize takes no arguments, but was given "REWE Markt". Name the party with --party: stmt categorize --party 'REWE Markt'.`,
    );
  });

  it('answers stmt help COMMAND like stmt COMMAND --help', () => {
    const run = runCli(['help', 'convert']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--input');
  });

  it('answers help for an unknown command in the same error style, as a usage error', () => {
    const extra = runCli(['help', 'convert', 'extra']);
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(
      / error convert extra is not a stmt command or topic\. Run `stmt help convert` for its flags\.\n$/,
    );
    expect(runCli(['help', 'frobnicate']).stderr).toContain('Run `stmt help` for the list of commands.');
  });

  it('names no command when none is close', () => {
    const run = runCli(['frobnicate']);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain('Did you mean');
  });

  it('keeps a successful conversion quiet on stderr, and logs progress and audit with --verbose', () => {
    const dir = tempDir();
    const input = join(FIXTURES, 'two-statements.camt053.xml');
    const quiet = runCli(['convert', '-i', input, '-o', join(dir, 'a.csv')]);
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
    const verbose = runCli(['convert', '-i', input, '-o', join(dir, 'b.csv'), '--verbose']);
    expect(verbose.status).toBe(0);
    expect(verbose.stderr).toMatch(/ info converted /);
    expect(verbose.stderr).toMatch(/ info audit audit=true /);
  });

  it('prints a JSON summary after writing the file with convert --json', () => {
    const output = join(tempDir(), 'out.csv');
    const run = runCli([
      'convert',
      '-i',
      join(FIXTURES, 'two-statements.camt053.xml'),
      '-o',
      output,
      '--json',
      '--no-categorize',
    ]);
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      file: join(FIXTURES, 'two-statements.camt053.xml'),
      output,
      parser: 'camt.053',
      rows: 4,
    });
  });

  it("prints one JSON object for a folder with convert --json: each file's outcome and the exit code", () => {
    const folder = tempDir();
    copyFileSync(join(FIXTURES, 'two-statements.camt053.xml'), join(folder, 'a.xml'));
    copyFileSync(join(FIXTURES, 'truncated.camt053.xml'), join(folder, 'b.xml'));
    writeFileSync(join(folder, 'c.txt'), 'not a statement\n');
    const output = tempDir();
    const run = runCli(['convert', '-i', folder, '-o', output, '--json', '--no-categorize']);
    expect(run.status).toBe(4);
    expect(JSON.parse(run.stdout)).toEqual({
      folder,
      output,
      exit_code: 4,
      converted: [{ file: join(folder, 'a.xml'), output: join(output, 'a.csv'), entries: 4 }],
      skipped: [join(folder, 'c.txt')],
      failed: [{ file: join(folder, 'b.xml'), message: expect.stringMatching(/b\.xml/) as string, exit_code: 4 }],
    });

    const dry = runCli(['convert', '-i', folder, '--dry-run', '--json']);
    const summary = JSON.parse(dry.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ folder, dry_run: true, exit_code: 4, categories: expect.any(Object) as object });
    expect(summary).not.toHaveProperty('output');
  });

  it('prints the merge summary as JSON with convert --merge --json, with the file it wrote', () => {
    const output = join(tempDir(), 'merged.csv');
    const input = join(FIXTURES, 'two-statements.camt053.xml');
    const run = runCli(['convert', '-i', input, '-o', output, '--merge', '--json', '--no-categorize']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ output, files: [input], rows: 4 });
  });

  it('names the configuration file, not a stack, when its YAML aliases would expand past the limit (exit 6)', () => {
    const configHome = tempDir();
    mkdirSync(join(configHome, 'stmt'));
    const levels = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let n = 1; n <= 9; n++)
      levels.push(
        `a${n}: &a${n} [${Array(10)
          .fill(`*a${n - 1}`)
          .join(', ')}]`,
      );
    const file = join(configHome, 'stmt', 'config.yaml');
    writeFileSync(file, `${levels.join('\n')}\n`);
    const run = runCli(['convert', '-i', join(FIXTURES, 'two-statements.camt053.xml'), '--dry-run'], { configHome });
    expect(run.status).toBe(6);
    expect(run.stderr).toContain(`${file}: not valid YAML: Excessive alias count`);
    expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
  });

  it('refuses convert --json with the CSV on standard output, as a usage error', () => {
    const run = runCli(['convert', '-i', join(FIXTURES, 'two-statements.camt053.xml'), '-o', '-', '--json']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
  });
});
