#!/usr/bin/env node
// Writes dist/build-info.json (commit and build date) for `stmt version` and `stmt --version`.
// Run after `tsc -b`: `node apps/statement-cli/scripts/write-build-info.mjs`. Outside a git
// checkout the commit is `unknown`; SOURCE_DATE_EPOCH pins the date for reproducible builds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function commit() {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: appDir, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

const epoch = process.env.SOURCE_DATE_EPOCH;
const buildDate = (epoch ? new Date(Number(epoch) * 1000) : new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
const target = join(appDir, 'dist', 'build-info.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify({ commit: commit(), buildDate }, null, 2)}\n`);
process.stderr.write(`wrote ${target}\n`);
