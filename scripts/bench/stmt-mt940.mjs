// The default (sorted) mode on an MT940 file for `pnpm bench:stmt`: a file of the benchmark's
// size, monthly statements whose bookings are not in date order (so rows go through the
// bounded sort), converted without and with --streaming. Prints both peak RSS figures and their
// ratio (target for the default mode: under 256 MiB for 1 GB).
//   node scripts/bench/stmt-mt940.mjs [--size 100MB]
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeStreamed } from './stmt-shapes.mjs';

/** Monthly statements of 2,000 bookings each on pseudo-random days, until `targetBytes`; balances reconcile. */
function* statements(targetBytes) {
  let written = 0;
  let balance = 1_000_000n; // cents
  const cents = (value) => `${value / 100n},${String(value % 100n).padStart(2, '0')}`;
  const mark = (value) => (value < 0n ? `D${cents(-value)}` : `C${cents(value)}`);
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let n = 0; written < targetBytes; n++) {
    const year = 2000 + Math.floor(n / 12);
    const month = String((n % 12) + 1).padStart(2, '0');
    const yymm = `${String(year).slice(2)}${month}`;
    let text = `:20:STMT${n}\n:25:DE89370400440532013000\n:28C:${n + 1}/1\n:60F:${mark(balance).slice(0, 1)}${yymm}01EUR${cents(balance < 0n ? -balance : balance)}\n`;
    for (let i = 0; i < 2000; i++) {
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      const amount = BigInt(1 + Math.floor(random() * 50_000));
      const debit = random() < 0.6;
      balance += debit ? -amount : amount;
      text += `:61:${yymm}${day}${month}${day}${debit ? 'D' : 'C'}${cents(amount)}NTRFREF${n}-${i}//B${i}\n:86:166?00SEPA-UEBERWEISUNG?20EREF+E2E${n}-${i}?21SVWZ+Invoice ${i} for month ${month}?32Counterparty ${i % 97}\n`;
    }
    text += `:62F:${balance < 0n ? 'D' : 'C'}${yymm}28EUR${cents(balance < 0n ? -balance : balance)}\n-\n`;
    written += text.length;
    yield text;
  }
}

/** Converts the MT940 file in the default mode and with --streaming; prints peak RSS of both. */
export function benchMt940Default({ benchDir, targetBytes, sizeText, cliRun }) {
  mkdirSync(benchDir, { recursive: true });
  const file = join(benchDir, `mt940-${sizeText.toLowerCase()}.sta`);
  if (!existsSync(file)) writeStreamed(file, statements(targetBytes));
  const out = join(benchDir, 'out-mt940.csv');
  const streaming = cliRun(file, out);
  const sorted = cliRun(file, out, [], []);
  rmSync(out, { force: true });
  const mib = statSync(file).size / 2 ** 20;
  console.log(`\nMT940 ${mib.toFixed(0)} MiB (${file}), bookings out of date order within each statement:`);
  console.log(`  stmt convert --streaming: peak RSS ${streaming.maxRssMiB.toFixed(1)} MiB (${streaming.seconds.toFixed(2)} s)`);
  console.log(
    `  stmt convert (default, sorted): peak RSS ${sorted.maxRssMiB.toFixed(1)} MiB (${sorted.seconds.toFixed(2)} s); ratio to --streaming ${(sorted.maxRssMiB / streaming.maxRssMiB).toFixed(2)} (target < 256 MiB for 1 GB)`,
  );
  return { streaming, sorted };
}
