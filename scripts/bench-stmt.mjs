#!/usr/bin/env node
// Statement conversion benchmark: generates a camt.053 file of the requested size into .bench/
// (reused when already there), then measures from one run each:
//   1. `sax` tokenising the file with no handlers (the floor any sax-based parser stands on),
//   2. the built CLI: `stmt convert --streaming` to CSV, end to end (process start included),
//      as it runs by default: the main thread and, on two cores or more, one worker thread read,
//   3. the same with `--threads N` (N = CPU cores): as many worker threads read as well,
// and prints each conversion's throughput, its ratio to sax (target ≥ 0.8) and its peak RSS
// (target: a 1 GB file in under 128 MiB): the conversion process's, plus the anonymous memory
// of the launcher that waits for it while --streaming runs with a tuned heap.
// 4. the default (sorted) mode, without --streaming: its peak RSS, as a ratio to the --streaming
//    run's measured just before (target: a 1 GB file in under 256 MiB; rows beyond 32 MiB are
//    sorted in temporary runs and merged), on this camt file and on an MT940 file of the same
//    size (scripts/bench/stmt-mt940.mjs). `--no-default-mode` skips it.
// Build first: `pnpm run build`.
//   pnpm bench:stmt                 # 50MB
//   pnpm bench:stmt -- --size 1GB
//   pnpm bench:stmt -- --no-categorize   # conversion without the category column
// Then the merge section (scripts/bench/stmt-merge.mjs): two overlapping statements of half the size.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync, closeSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEntries } from './bench/camt-entries.mjs';

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

const sizeArg = process.argv.indexOf('--size');
const sizeText = sizeArg > 0 ? process.argv[sizeArg + 1] : '50MB';
const targetBytes = parseSize(sizeText);

function entry(i) {
  const cents = 100 + ((i * 7919) % 500000);
  const credit = i % 3 === 0;
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const day = String(1 + (i % 28)).padStart(2, '0');
  const party = credit ? `<Dbtr><Pty><Nm>Customer ${i % 997}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>DE0210000000000${String(i % 9973).padStart(7, '0')}</IBAN></Id></DbtrAcct>`
    : `<Cdtr><Pty><Nm>Supplier ${i % 991} GmbH</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE0220000000000${String(i % 9967).padStart(7, '0')}</IBAN></Id></CdtrAcct>`;
  const xml = `      <Ntry>
        <NtryRef>N${i}</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2024-03-${day}</Dt></BookgDt>
        <ValDt><Dt>2024-03-${day}</Dt></ValDt>
        <AcctSvcrRef>ASR${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount}</Amt>
          <RltdPties>${party}</RltdPties>
          <RmtInf><Ustrd>Invoice ${i} March 2024, order ${(i * 31) % 100000}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
  return { xml, cents: BigInt(credit ? cents : -cents) };
}

const money = (cents) => `${cents < 0n ? -cents / 100n : cents / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

/** Writes entries until the file reaches the size; the closing balance is computed so it reconciles. */
function generate(path, targetBytes) {
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w');
  const opening = 1000000000n;
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(opening)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
`;
  const written = writeSync(fd, head);
  const closingTemplate = 400;
  const { count, balance: movement } = writeEntries(fd, entry, { first: 0, written, limit: targetBytes - closingTemplate });
  const balance = opening + movement;
  const tail = `      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(balance < 0n ? -balance : balance)}</Amt><CdtDbtInd>${balance < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  // camt puts balances before entries; the generator learns the closing one last, so it is
  // written after them. Parsers accept balances in either place.
  writeSync(fd, tail);
  closeSync(fd);
  renameSync(temp, path);
  return count;
}

async function saxBaseline(path) {
  const parser = sax.parser(true, { xmlns: false, position: true });
  const started = process.hrtime.bigint();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, encoding: 'utf8' })) parser.write(chunk);
  parser.close();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function cliRun(path, out, threads = [], mode = ['--streaming']) {
  const started = process.hrtime.bigint();
  const extra = process.argv.includes('--no-categorize') ? ['--no-categorize'] : [];
  const run = spawnSync(process.execPath, [bin, 'convert', '--input', path, '--output', out, ...mode, ...threads, ...extra], {
    env: { ...process.env, LOG_LEVEL: 'warn', STMT_REPORT_MAX_RSS: '1' },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`stmt convert failed (exit ${run.status}): ${run.stderr}`);
  const kib = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(run.stderr)?.[1] ?? NaN);
  // --streaming restarts itself with a tuned heap; the first process waits meanwhile, so its own
  // pages count as well (the Node binary it shares with the child is already in the child's RSS).
  const launcher = kib('launcher-anon-kib');
  return { seconds, maxRssMiB: (kib('max-rss-kib') + (Number.isNaN(launcher) ? 0 : launcher)) / 1024, launcherMiB: launcher / 1024 };
}

mkdirSync(benchDir, { recursive: true });
const file = join(benchDir, `camt053-${sizeText.toLowerCase()}.xml`);
if (!existsSync(file)) {
  process.stderr.write(`generating ${file} …\n`);
  const entries = generate(file, targetBytes);
  process.stderr.write(`  ${entries} entries\n`);
}
const bytes = statSync(file).size;
const mb = bytes / 1e6;
const saxSeconds = await saxBaseline(file);
const out = join(benchDir, 'out.csv');
const cores = availableParallelism();
const runs = [
  { label: 'stmt convert --streaming', ...cliRun(file, out) },
  { label: `stmt convert --streaming --threads ${cores}`, ...cliRun(file, out, ['--threads', String(cores)]) },
];
const sorted = process.argv.includes('--no-default-mode') ? undefined : { label: 'stmt convert (default, sorted)', ...cliRun(file, out, [], []) };
rmSync(out, { force: true });
// The CLI's fixed cost (two process starts for --streaming, oclif, configuration) is part of
// the end-to-end figures; a 4 KB file shows how much of it is that, not throughput.
const tiny = join(benchDir, 'camt053-tiny.xml');
if (!existsSync(tiny)) generate(tiny, 4096);
const start = cliRun(tiny, out);
rmSync(out, { force: true });
const saxRate = mb / saxSeconds;
const suffix = process.argv.includes('--no-categorize') ? ' --no-categorize' : '';
console.log(`file: ${file} (${(bytes / 2 ** 20).toFixed(0)} MiB)`);
console.log(`sax, no handlers: ${saxRate.toFixed(1)} MB/s (${saxSeconds.toFixed(2)} s)`);
for (const run of runs) {
  console.log(`${run.label}${suffix}: ${(mb / run.seconds).toFixed(1)} MB/s (${run.seconds.toFixed(2)} s)`);
  console.log(`  ratio: ${(saxSeconds / run.seconds).toFixed(2)} (target >= 0.8); without the ${start.seconds.toFixed(2)} s start-up: ${(saxSeconds / (run.seconds - start.seconds)).toFixed(2)}`);
  const launcher = Number.isNaN(run.launcherMiB) ? '' : ` (of which the waiting launcher process: ${run.launcherMiB.toFixed(1)} MiB)`;
  console.log(`  peak RSS: ${run.maxRssMiB.toFixed(1)} MiB${launcher} (target < 128 MiB for 1 GB)`);
}
if (sorted) {
  const streaming = runs[0];
  console.log(`${sorted.label}${suffix}: ${(mb / sorted.seconds).toFixed(1)} MB/s (${sorted.seconds.toFixed(2)} s), ratio to sax ${(saxSeconds / sorted.seconds).toFixed(2)}`);
  console.log(`  peak RSS: ${sorted.maxRssMiB.toFixed(1)} MiB (target < 256 MiB for 1 GB); ratio to --streaming's ${streaming.maxRssMiB.toFixed(1)} MiB: ${(sorted.maxRssMiB / streaming.maxRssMiB).toFixed(2)}`);
}

// The default (sorted) mode on an MT940 file of the same size: scripts/bench/stmt-mt940.mjs. --no-default-mode skips it too.
if (sorted) (await import('./bench/stmt-mt940.mjs')).benchMt940Default({ benchDir, targetBytes, sizeText, cliRun });

// Peak RSS of --streaming on pathological shapes (huge values, 200,000 <TxDtls>, 100,000 statements, deep nesting): scripts/bench/stmt-shapes.mjs. --no-shapes skips them.
if (!process.argv.includes('--no-shapes')) (await import('./bench/stmt-shapes.mjs')).benchShapes({ bin, dir: benchDir });
(await import('./bench/stmt-merge.mjs')).benchMerge({ bin, benchDir, targetBytes, sizeText });
