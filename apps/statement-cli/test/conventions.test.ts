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

  it('answers stmt help COMMAND like stmt COMMAND --help', () => {
    const run = runCli(['help', 'convert']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--input');
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

  it('refuses convert --json with the CSV on standard output, as a usage error', () => {
    const run = runCli(['convert', '-i', join(FIXTURES, 'two-statements.camt053.xml'), '-o', '-', '--json']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
  });
});
