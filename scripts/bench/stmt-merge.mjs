// Merge section of `pnpm bench:stmt`: two camt.053 statements of half the --size each, sharing half
// their bookings (the second starts where the first is half done), merged with
// `stmt convert --merge --streaming` into one CSV. Baseline in the same run: the same folder
// converted without --merge (two CSV files, no de-duplication). Prints both throughputs, the
// ratio, the rows written and dropped, and each run's peak RSS (target: two 500 MB statements,
// `--size 1GB`, merged in bounded memory).
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { writeEntries } from './camt-entries.mjs';

const money = (cents) => {
  const abs = cents < 0n ? -cents : cents;
  return `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

function entry(i) {
  const cents = 100 + ((i * 7919) % 500000);
  const credit = i % 3 === 0;
  const day = String(1 + (Math.floor(i / 5000) % 28)).padStart(2, '0');
  const party = credit
    ? `<Dbtr><Pty><Nm>Customer ${i % 997}</Nm></Pty></Dbtr>`
    : `<Cdtr><Pty><Nm>Supplier ${i % 991} GmbH</Nm></Pty></Cdtr>`;
  const xml = `      <Ntry>
        <NtryRef>N${i}</NtryRef>
        <Amt Ccy="EUR">${money(BigInt(cents))}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2024-03-${day}</Dt></BookgDt>
        <ValDt><Dt>2024-03-${day}</Dt></ValDt>
        <AcctSvcrRef>ASR${i}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>
          <RltdPties>${party}</RltdPties>
          <RmtInf><Ustrd>Invoice ${i} March 2024, order ${(i * 31) % 100000}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
  return { xml, cents: BigInt(credit ? cents : -cents) };
}

/** A camt.053 of about `bytes` with entries numbered from `first`; returns how many it holds. */
function generate(path, bytes, first) {
  const fd = openSync(`${path}.tmp`, 'w');
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MERGE-${first}</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>MERGE-${first}</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
`;
  const written = writeSync(fd, head);
  const { count, balance } = writeEntries(fd, entry, { first, written, limit: bytes - 300 });
  // Balances after the entries (parsers accept either place); opening zero, closing the sum.
  writeSync(
    fd,
    `      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(balance)}</Amt><CdtDbtInd>${balance < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`,
  );
  closeSync(fd);
  renameSync(`${path}.tmp`, path);
  return count;
}

/**
 * CPU seconds (user + system) of the children this process has waited for, from /proc (Linux;
 * NaN elsewhere). On a shared machine CPU time is steadier than wall-clock time.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

function run(bin, args) {
  const cpuBefore = childrenCpuSeconds();
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, ...args, '--streaming', '--no-categorize'], {
    env: { ...process.env, LOG_LEVEL: 'warn', STMT_REPORT_MAX_RSS: '1' },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = childrenCpuSeconds() - cpuBefore;
  if (result.status !== 0) throw new Error(`stmt ${args.join(' ')} failed (exit ${result.status}): ${result.stderr}`);
  const kib = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(result.stderr)?.[1] ?? NaN);
  const launcher = kib('launcher-anon-kib');
  return {
    seconds,
    cpuSeconds,
    stdout: result.stdout,
    maxRssMiB: (kib('max-rss-kib') + (Number.isNaN(launcher) ? 0 : launcher)) / 1024,
  };
}

/** Runs the merge section; `targetBytes` is the bench size, each statement gets half. */
export function benchMerge({ bin, benchDir, targetBytes, sizeText }) {
  const dir = join(benchDir, `merge-${sizeText.toLowerCase()}`);
  mkdirSync(dir, { recursive: true });
  const half = Math.round(targetBytes / 2);
  const a = join(dir, 'a-march.camt053.xml');
  const b = join(dir, 'b-march-again.camt053.xml');
  if (!existsSync(a) || !existsSync(b)) {
    process.stderr.write(`generating two overlapping statements in ${dir} …\n`);
    const count = generate(a, half, 0);
    generate(b, half, Math.floor(count / 2));
  }
  const bytes = statSync(a).size + statSync(b).size;
  const mb = bytes / 1e6;
  const outDir = join(benchDir, 'merge-out');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir);
  const inputs = readdirSync(dir).filter((name) => name.endsWith('.xml'));
  if (inputs.length !== 2) throw new Error(`${dir} should hold the two statements only`);
  const plain = run(bin, ['convert', '--input', dir, '--output', outDir]);
  const merged = run(bin, ['convert', '--input', dir, '--output', join(outDir, 'merged.csv'), '--merge']);
  rmSync(outDir, { recursive: true, force: true });
  console.log(`merge: two overlapping statements of ${(statSync(a).size / 2 ** 20).toFixed(0)} MiB each (${dir})`);
  const line = (label, r) =>
    `  ${label}: ${(mb / r.seconds).toFixed(1)} MB/s (${r.seconds.toFixed(2)} s wall, ${r.cpuSeconds.toFixed(2)} s CPU), peak RSS ${r.maxRssMiB.toFixed(1)} MiB`;
  console.log(line('convert both --streaming, no merge (baseline)', plain));
  console.log(line('convert --merge --streaming', merged));
  console.log(
    `  ratio to the baseline: ${(plain.seconds / merged.seconds).toFixed(2)} (speed, wall), ${(plain.cpuSeconds / merged.cpuSeconds).toFixed(2)} (speed, CPU), ${(merged.maxRssMiB / plain.maxRssMiB).toFixed(2)} (peak RSS)`,
  );
  console.log(`  ${merged.stdout.trim()}`);
}
