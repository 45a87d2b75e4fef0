#!/usr/bin/env node
// Regenerates `<name>.expected.csv` beside every parser fixture that converts cleanly, using the
// built CLI (`pnpm run build` first). Run it on purpose after a deliberate output change, then
// review the diff: test/expected-csv.test.ts compares the CLI's output with these files.
//   node apps/statement-cli/scripts/regen-expected-csv.mjs
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(fileURLToPath(import.meta.url), '..', '..');
const fixturesRoot = join(appDir, '..', '..', 'packages', 'stmt-parser', 'test', 'fixtures');
const bin = join(appDir, 'bin', 'run.js');

/** Fixture folders (camt, mt940, ofx, …) holding statement files. */
export function fixtureFolders(root = fixturesRoot) {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isDirectory());
}

/** Converts a folder with the CLI into a temporary folder; returns that folder. */
export function convertFolder(folder) {
  const out = mkdtempSync(join(tmpdir(), 'stmt-expected-'));
  const env = { ...process.env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'stmt-config-')), LOG_LEVEL: 'error' };
  spawnSync(process.execPath, [bin, 'convert', '--input', folder, '--output', out, '--no-categorize'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let written = 0;
  for (const folder of fixtureFolders()) {
    const out = convertFolder(folder);
    for (const csv of readdirSync(out)) {
      const stem = basename(csv, '.csv');
      const source = readdirSync(folder).find(
        (name) => !name.includes('.expected.') && basename(name, extname(name)) === stem,
      );
      if (source === undefined) continue;
      copyFileSync(join(out, csv), join(folder, `${stem}.expected.csv`));
      written += 1;
    }
    rmSync(out, { recursive: true, force: true });
  }
  process.stderr.write(`wrote ${written} expected CSV file(s) under ${fixturesRoot}\n`);
}
