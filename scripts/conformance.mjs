#!/usr/bin/env node
// Conformance over third-party sample statements (CI passes ../shared/samples when it exists):
// runs the built CLI's `convert --dry-run --json` on every listed file and compares entry counts
// and per-direction totals with the independently computed figures in SOURCES.md.
//   node scripts/conformance.mjs ../shared/samples
// Then the peer suites (peer-suites/: other parsers' test corpora, see conformance/peer-suites.mjs):
// one table per peer, mismatches by class.
// Exit 0 when every listed file matches and the peer-suite target is met (no ours-wrong, no
// strictness, nothing unclassified); 1 otherwise. Formats this build cannot read yet are
// reported as skipped, loudly, rather than failing CI for work that has not landed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPeerSuites } from './conformance/peer-suites.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'apps', 'statement-cli', 'bin', 'run.js');
const samples = process.argv[2] ?? join(root, '..', 'shared', 'samples');

if (!existsSync(join(samples, 'SOURCES.md'))) {
  console.log(`conformance: no samples at ${samples}; nothing to check`);
  process.exit(0);
}

/** Exact decimal text → BigInt at a common scale of 10 digits, so 8.850 equals 8.85. */
const units = (text) => {
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  return BigInt(whole + fraction.padEnd(10, '0').slice(0, 10));
};

/** Rows of the Markdown table under a `## <title>` heading, as arrays of trimmed cells. */
function tableRows(markdown, title) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(title));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** Expected {entries, CRDT, DBIT} (currency-free sums) and whether the file must be rejected. */
function expectations(markdown) {
  const list = [];
  for (const cells of tableRows(markdown, 'camt')) {
    const sums = { CRDT: 0n, DBIT: 0n };
    for (const part of cells[7] === '—' ? [] : cells[7].split(';')) {
      const match = /(CRDT|DBIT) ([A-Z]{3})=([\d.]+)/.exec(part.trim());
      if (match) sums[match[1]] += units(match[3]);
    }
    list.push({
      folder: 'camt',
      file: cells[0],
      entries: Number(cells[5]),
      sums,
      negative: /NEGATIVE/.test(cells.at(-1) ?? ''),
    });
  }
  for (const cells of tableRows(markdown, 'MT940')) {
    const sums = { CRDT: 0n, DBIT: 0n };
    for (const part of cells[6].split(';')) {
      const match = /([CD])=([\d.]+)/.exec(part.trim());
      if (match) sums[match[1] === 'C' ? 'CRDT' : 'DBIT'] += units(match[2]);
    }
    list.push({ folder: 'mt940', file: cells[0], entries: Number(cells[5]), sums, negative: false });
  }
  for (const cells of tableRows(markdown, 'OFX')) {
    list.push({
      folder: 'ofx',
      file: cells[0],
      entries: Number(cells[4]),
      sums: { CRDT: units(cells[5]), DBIT: units(cells[6]) },
      negative: false,
    });
  }
  return list;
}

function dryRun(path) {
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'stmt-conf-')),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'json',
  };
  // A sample file is a few kB: a minute means the parser is stuck, which is a failure, not a wait.
  const run = spawnSync(process.execPath, [bin, 'convert', '--input', path, '--dry-run', '--json'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.error?.code === 'ETIMEDOUT')
    return { status: null, stdout: '', stderr: 'timed out after 60 s (parser stuck?)' };
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const markdown = readFileSync(join(samples, 'SOURCES.md'), 'utf8');
const results = { passed: 0, failed: 0, skipped: 0 };
const report = (kind, file, detail) => {
  results[kind] += 1;
  console.log(
    `${kind === 'passed' ? 'ok  ' : kind === 'failed' ? 'FAIL' : 'SKIP'} ${file}${detail ? `: ${detail}` : ''}`,
  );
};

for (const expected of expectations(markdown)) {
  const path = join(samples, expected.folder, expected.file);
  if (!existsSync(path)) {
    report('skipped', expected.file, 'listed in SOURCES.md but not present');
    continue;
  }
  const run = dryRun(path);
  if (expected.negative) {
    if (run.status === 4) report('passed', expected.file, 'rejected as expected (exit 4)');
    else report('failed', expected.file, `expected exit 4 for an invalid file, got ${run.status}`);
    continue;
  }
  if (run.status !== 0) {
    const unsupported = /UNKNOWN_FORMAT|UNSUPPORTED_MESSAGE/.test(run.stderr);
    report(
      unsupported ? 'skipped' : 'failed',
      expected.file,
      `exit ${run.status}: ${run.stderr.trim().split('\n').pop()}`,
    );
    continue;
  }
  const summary = JSON.parse(run.stdout);
  const sums = { CRDT: 0n, DBIT: 0n };
  for (const total of summary.totals) sums[total.credit_debit] += units(total.total);
  const problems = [];
  if (summary.entries !== expected.entries) problems.push(`entries ${summary.entries}, expected ${expected.entries}`);
  for (const direction of ['CRDT', 'DBIT']) {
    if (sums[direction] !== expected.sums[direction]) problems.push(`${direction} total differs from SOURCES.md`);
  }
  if (problems.length > 0) report('failed', expected.file, problems.join('; '));
  else report('passed', expected.file, `${summary.entries} entries`);
}

const listed = new Set(expectations(markdown).map((e) => e.file));
for (const folder of ['camt', 'mt940', 'ofx']) {
  if (!existsSync(join(samples, folder))) continue;
  for (const file of readdirSync(join(samples, folder))) {
    if (!listed.has(file)) console.log(`note ${file}: present but not listed in SOURCES.md; not checked`);
  }
}
console.log(`conformance: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
const peersMet = await runPeerSuites(samples);
process.exit(results.failed === 0 && peersMet ? 0 : 1);
