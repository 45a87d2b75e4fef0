import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIR, BIN, tempDir } from './run-cli';

/**
 * Every parser fixture with a `<name>.expected.csv` beside it converts to exactly that CSV. The
 * expected files are regenerated on purpose by scripts/regen-expected-csv.mjs.
 */
const fixturesRoot = join(APP_DIR, '..', '..', 'packages', 'stmt-parser', 'test', 'fixtures');
const folders = existsSync(fixturesRoot)
  ? readdirSync(fixturesRoot)
      .map((name) => join(fixturesRoot, name))
      .filter(
        (path) => statSync(path).isDirectory() && readdirSync(path).some((name) => name.endsWith('.expected.csv')),
      )
  : [];

describe('expected CSV beside each parser fixture', () => {
  it('has fixtures to compare', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  it.each(folders)('%s converts to the expected CSV files', (folder) => {
    const out = tempDir('stmt-expected-');
    spawnSync(process.execPath, [BIN, 'convert', '--input', folder, '--output', out, '--no-categorize'], {
      env: { ...process.env, XDG_CONFIG_HOME: tempDir('stmt-config-'), LOG_LEVEL: 'error' },
    });
    const expected = readdirSync(folder).filter((name) => name.endsWith('.expected.csv'));
    for (const name of expected) {
      const actual = join(out, name.replace(/\.expected\.csv$/, '.csv'));
      expect({ name, csv: existsSync(actual) ? readFileSync(actual, 'utf8') : 'not converted' }).toEqual({
        name,
        csv: readFileSync(join(folder, name), 'utf8'),
      });
    }
  });
});
