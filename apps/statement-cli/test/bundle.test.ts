import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledLoadOptions } from '../src/launch/bundle';
import { APP_DIR, FIXTURES, runCli, tempDir } from './run-cli';

// `pnpm build` bundles the commands into dist/stmt.js (scripts/write-bundle.mjs) and bin/run.js runs
// them from it; STMT_BUNDLE=0 runs the separate files. Both must behave the same.
const BUNDLE = join(APP_DIR, 'dist', 'stmt.js');
const STATEMENT = join(FIXTURES, 'two-statements.camt053.xml');
const files = { env: { STMT_BUNDLE: '0' } };
const withoutTime = (text: string): string => text.replace(/^\S+Z /gm, '');

describe('the bundled CLI', () => {
  it('is built, with its code cache', () => {
    expect(existsSync(BUNDLE)).toBe(true);
    expect(existsSync(`${BUNDLE}.cache`)).toBe(true);
  });

  it('runs the commands from the bundle, not from dist/commands', () => {
    const run = runCli(['convert', '-i', STATEMENT, '-o', join(tempDir(), 'out.csv'), '--no-categorize'], {
      env: { NODE_DEBUG: 'module' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/dist[\\/]commands[\\/]convert\.js/);
    const unbundled = runCli(['convert', '-i', STATEMENT, '-o', join(tempDir(), 'out.csv'), '--no-categorize'], {
      env: { NODE_DEBUG: 'module', STMT_BUNDLE: '0' },
    });
    expect(unbundled.status).toBe(0);
    expect(unbundled.stderr).toMatch(/dist[\\/]commands[\\/]convert\.js/);
  });

  it('converts, fails and helps exactly as the separate files do', () => {
    const [a, b] = [tempDir(), tempDir()];
    const bundled = runCli(['convert', '-i', STATEMENT, '-o', join(a, 'out.csv')]);
    const separate = runCli(['convert', '-i', STATEMENT, '-o', join(b, 'out.csv')], files);
    expect([bundled.status, bundled.stdout]).toEqual([separate.status, separate.stdout]);
    expect(readFileSync(join(a, 'out.csv'), 'utf8')).toBe(readFileSync(join(b, 'out.csv'), 'utf8'));
    for (const args of [
      ['conver'],
      ['convert', '--help'],
      ['help', 'validate'],
      ['convert', '-i', join(a, 'missing.xml'), '-o', '-'],
    ]) {
      const one = runCli(args);
      const other = runCli(args, files);
      expect([one.status, one.stdout, withoutTime(one.stderr)]).toEqual([
        other.status,
        other.stdout,
        withoutTime(other.stderr),
      ]);
    }
  });

  it('has oclif take the commands and the not-found hook from the bundle', () => {
    const options = bundledLoadOptions(APP_DIR, BUNDLE) as { root: string; pjson: { oclif: Record<string, unknown> } };
    expect(options.root).toBe(APP_DIR);
    expect(options.pjson.oclif['commands']).toEqual({
      strategy: 'explicit',
      target: './dist/stmt.js',
      identifier: 'COMMANDS',
    });
    expect((options.pjson.oclif['hooks'] as Record<string, unknown>)['command_not_found']).toEqual({
      target: './dist/stmt.js',
      identifier: 'commandNotFound',
    });
  });
});
