#!/usr/bin/env node
// Statement conversion benchmark. For each kind of camt.053 (scripts/bench/camt-files.mjs:
// `indented`, one element a line; `dense`, no line breaks, entities and non-ASCII names) it
// generates a file of the requested size into .bench/ (reused when already there), then measures
// in the same run:
//   1. `sax` tokenising the file with no handlers (the floor any sax-based parser stands on), before
//      and after each conversion (the mean of the two around a conversion is its floor: the load of
//      a shared machine drifts; with --rounds N, the median of N such ratios is given),
//   2. the built CLI: `stmt convert --streaming` to CSV, end to end (process start included),
//      as it runs by default: the main thread and, on two cores or more, one worker thread read,
//   3. the same with `--threads N` (N = CPU cores): as many worker threads read as well,
//   4. the default (sorted) mode, without --streaming,
// and prints each conversion's throughput, its ratio to sax (target ≥ 1.0) and its peak RSS
// (target: a 1 GB file in under 128 MiB with --streaming, 256 MiB sorted): the conversion
// process's, plus the anonymous memory of the launcher that waits for it.
// Then MT940 and OFX files of the same size (scripts/bench/stmt-formats.mjs): MB/s and the ratio
// to the lower of the camt files' sax rates, with --streaming and sorted; then the pathological
// shapes (scripts/bench/stmt-shapes.mjs) and a merge of two overlapping statements of half the
// size (scripts/bench/stmt-merge.mjs). Build first: `pnpm run build`.
const HELP = `pnpm bench:stmt [-- options]
  --size 50MB            size of each generated file (KB, MB, GB; default 50MB)
  --kinds indented,dense camt.053 kinds to measure (default: both)
  --rounds 1             conversions of each camt file, each between two sax runs (the median ratio is given)
  --no-categorize        convert without the category column
  --no-threads           skip the --streaming --threads N runs
  --no-default-mode      skip the default (sorted) mode runs
  --no-formats           skip the MT940 and OFX files
  --no-shapes            skip the pathological shapes
  --no-merge             skip the merge section`;
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAMT_KINDS, generateCamt } from './bench/camt-files.mjs';
import { median } from './bench/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'packages', 'stmt-parser', 'package.json'));
const sax = require('sax');
const bin = join(root, 'apps', 'statement-cli', 'bin', 'run.js');
const benchDir = join(root, '.bench');

function parseSize(text) {
  const match = /^(\d+(?:\.\d+)?)\s*(KB|MB|GB|K|M|G)?$/i.exec(text);
  if (!match) throw new Error(`--size ${text}: expected e.g. 50MB or 1GB`);
  const factor = { K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 }[(match[2] ?? 'M')[0].toUpperCase()];
  return Math.round(Number(match[1]) * factor);
}

if (process.argv.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const sizeArg = process.argv.indexOf('--size');
const sizeText = sizeArg > 0 ? process.argv[sizeArg + 1] : '50MB';
const targetBytes = parseSize(sizeText);
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 1;
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds ${process.argv[roundsArg + 1]}: expected a whole number from 1`);
const kindArg = process.argv.indexOf('--kinds');
const kinds = kindArg > 0 ? process.argv[kindArg + 1].split(',') : Object.keys(CAMT_KINDS);
for (const kind of kinds)
  if (!(kind in CAMT_KINDS)) throw new Error(`--kinds ${kind}: expected ${Object.keys(CAMT_KINDS).join(', ')}`);

async function saxBaseline(path) {
  const parser = sax.parser(true, { xmlns: false, position: true });
  const started = process.hrtime.bigint();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, encoding: 'utf8' })) parser.write(chunk);
  parser.close();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** `stdin`: the file goes to standard input (`--input -`), which always restarts with a tuned heap. */
function cliRun(path, out, threads = [], mode = ['--streaming'], { stdin = false } = {}) {
  const started = process.hrtime.bigint();
  const extra = process.argv.includes('--no-categorize') ? ['--no-categorize'] : [];
  const run = spawnSync(
    process.execPath,
    [bin, 'convert', '--input', stdin ? '-' : path, '--output', out, ...mode, ...threads, ...extra],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', STMT_REPORT_MAX_RSS: '1' },
      encoding: 'utf8',
      ...(stdin ? { input: readFileSync(path) } : {}),
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`stmt convert failed (exit ${run.status}): ${run.stderr}`);
  const kib = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(run.stderr)?.[1] ?? NaN);
  // --streaming restarts itself with a tuned heap; the first process waits meanwhile, so its own
  // pages count as well (the Node binary it shares with the child is already in the child's RSS).
  const launcher = kib('launcher-anon-kib');
  return {
    seconds,
    maxRssMiB: (kib('max-rss-kib') + (Number.isNaN(launcher) ? 0 : launcher)) / 1024,
    launcherMiB: launcher / 1024,
  };
}

mkdirSync(benchDir, { recursive: true });
const out = join(benchDir, 'out.csv');
const cores = availableParallelism();
const suffix = process.argv.includes('--no-categorize') ? ' --no-categorize' : '';
// The CLI's fixed cost (two process starts for --streaming, oclif, configuration) is part of
// the end-to-end figures; a 4 KB file shows how much of it is that, not throughput. It is given on
// standard input: a small file alone would run without the second start the large ones pay.
const tiny = join(benchDir, 'camt053-tiny.xml');
if (!existsSync(tiny)) generateCamt(tiny, 4096, 'indented');
const start = cliRun(tiny, out, [], ['--streaming'], { stdin: true });
rmSync(out, { force: true });
const saxRates = [];
const withDefault = !process.argv.includes('--no-default-mode');
for (const kind of kinds) {
  const file = join(
    benchDir,
    kind === 'indented' ? `camt053-${sizeText.toLowerCase()}.xml` : `camt053-${kind}-${sizeText.toLowerCase()}.xml`,
  );
  if (!existsSync(file)) {
    process.stderr.write(`generating ${file} …\n`);
    process.stderr.write(`  ${generateCamt(file, targetBytes, kind)} entries\n`);
  }
  const bytes = statSync(file).size;
  const mb = bytes / 1e6;
  const plans = [{ label: 'stmt convert --streaming', threads: [], mode: ['--streaming'] }];
  if (!process.argv.includes('--no-threads'))
    plans.push({
      label: `stmt convert --streaming --threads ${cores}`,
      threads: ['--threads', String(cores)],
      mode: ['--streaming'],
    });
  if (withDefault) plans.push({ label: 'stmt convert (default, sorted)', threads: [], mode: [], sorted: true });
  // sax runs before and after every conversion, and each conversion's ratio is to the mean of the
  // two around it: on a shared machine the load drifts within seconds. Over several rounds, the
  // median ratio is given, with the range.
  const saxTimes = [await saxBaseline(file)];
  const results = plans.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [i, plan] of plans.entries()) {
      const run = cliRun(file, out, plan.threads, plan.mode);
      const before = saxTimes[saxTimes.length - 1];
      const after = await saxBaseline(file);
      saxTimes.push(after);
      results[i].push({ ...run, ratio: (before + after) / 2 / run.seconds, saxSeconds: (before + after) / 2 });
    }
  rmSync(out, { force: true });
  const saxSeconds = median(saxTimes);
  saxRates.push(mb / saxSeconds);
  console.log(`\n${kind} camt.053: ${file} (${(bytes / 2 ** 20).toFixed(0)} MiB)`);
  console.log(
    `sax, no handlers: ${(mb / saxSeconds).toFixed(1)} MB/s (median of ${saxTimes.length} runs, ${Math.min(...saxTimes).toFixed(2)}–${Math.max(...saxTimes).toFixed(2)} s)`,
  );
  const streamingRss = median(results[0].map((run) => run.maxRssMiB));
  for (const [i, plan] of plans.entries()) {
    const runs = results[i];
    const seconds = median(runs.map((run) => run.seconds));
    const ratios = runs.map((run) => run.ratio);
    const range =
      runs.length > 1
        ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} over ${runs.length} rounds)`
        : '';
    const startless = median(runs.map((run) => run.saxSeconds / (run.seconds - start.seconds)));
    console.log(`${plan.label}${suffix}: ${(mb / seconds).toFixed(1)} MB/s (${seconds.toFixed(2)} s)`);
    console.log(
      `  ratio to sax: ${median(ratios).toFixed(2)}${range} (target >= 1.0); without the ${start.seconds.toFixed(2)} s start-up: ${startless.toFixed(2)}`,
    );
    const rss = Math.max(...runs.map((run) => run.maxRssMiB));
    const launcher = Number.isNaN(runs[0].launcherMiB)
      ? ''
      : ` (of which the waiting launcher process: ${runs[0].launcherMiB.toFixed(1)} MiB)`;
    console.log(
      plan.sorted
        ? `  peak RSS: ${rss.toFixed(1)} MiB (target < 256 MiB for 1 GB); ratio to --streaming's ${streamingRss.toFixed(1)} MiB: ${(rss / streamingRss).toFixed(2)}`
        : `  peak RSS: ${rss.toFixed(1)} MiB${launcher} (target < 128 MiB for 1 GB)`,
    );
  }
}

// MT940 and OFX files of the same size: throughput against the sax floor measured above, and
// the default (sorted) mode's peak RSS (scripts/bench/stmt-formats.mjs). --no-formats skips them.
if (!process.argv.includes('--no-formats')) {
  const saxRate = Math.min(...saxRates);
  (await import('./bench/stmt-formats.mjs')).benchFormats({
    benchDir,
    targetBytes,
    sizeText,
    cliRun,
    saxRate,
    withDefault,
  });
}

// Peak RSS of --streaming on pathological shapes (huge values, 200,000 <TxDtls>, 100,000 statements, deep nesting): scripts/bench/stmt-shapes.mjs. --no-shapes skips them.
if (!process.argv.includes('--no-shapes'))
  (await import('./bench/stmt-shapes.mjs')).benchShapes({ bin, dir: benchDir });
if (!process.argv.includes('--no-merge'))
  (await import('./bench/stmt-merge.mjs')).benchMerge({ bin, benchDir, targetBytes, sizeText });
