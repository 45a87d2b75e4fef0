// MT940 and OFX for `pnpm bench:stmt`: a file of each of the benchmark's size, with bookings
// out of date order (so rows go through the default mode's bounded sort), converted with
// --streaming and in the default (sorted) mode. Prints per run the throughput (MB/s), its
// ratio to the sax floor measured on the camt files of the same run (target ≥ 1.0), and peak RSS
// (target for the default mode: under 256 MiB for 1 GB).
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeStreamed } from './stmt-shapes.mjs';

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/** MT940: monthly statements of 2,000 bookings each on pseudo-random days, until `targetBytes`; balances reconcile. */
function* mt940(targetBytes) {
  let written = 0;
  let balance = 1_000_000n; // cents
  const cents = (value) => `${value / 100n},${String(value % 100n).padStart(2, '0')}`;
  const mark = (value) => (value < 0n ? `D${cents(-value)}` : `C${cents(value)}`);
  seed = 42;
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

/** OFX 1.02 (SGML): monthly statements of 2,000 transactions each on pseudo-random days, until `targetBytes`. */
function* ofx(targetBytes) {
  seed = 42;
  let written = 0;
  const head =
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240331<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n';
  yield head;
  let balance = 1_000_000n;
  const money = (value) =>
    `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;
  for (let n = 0; written < targetBytes - head.length; n++) {
    const month = `${2000 + Math.floor(n / 12)}${String((n % 12) + 1).padStart(2, '0')}`;
    let text = `<STMTTRNRS><TRNUID>${n}<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>37040044<ACCTID>0532013000<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>${month}01<DTEND>${month}28\n`;
    for (let i = 0; i < 2000; i++) {
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      const amount = BigInt(1 + Math.floor(random() * 50_000));
      const debit = random() < 0.6;
      balance += debit ? -amount : amount;
      text += `<STMTTRN><TRNTYPE>${debit ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${month}${day}<TRNAMT>${money(debit ? -amount : amount)}<FITID>${n}-${i}<NAME>Counterparty ${i % 97}<MEMO>Invoice ${i} for month ${month}</STMTTRN>\n`;
    }
    text += `</BANKTRANLIST><LEDGERBAL><BALAMT>${money(balance)}<DTASOF>${month}28</LEDGERBAL></STMTRS></STMTTRNRS>\n`;
    written += text.length;
    yield text;
  }
  yield '</BANKMSGSRSV1>\n</OFX>\n';
}

const FORMATS = [
  { name: 'MT940', ext: 'sta', parts: mt940 },
  { name: 'OFX', ext: 'ofx', parts: ofx },
];

/** Converts each format's file with --streaming and, unless `withDefault` is false, in the default mode. */
export function benchFormats({ benchDir, targetBytes, sizeText, cliRun, saxRate, withDefault = true }) {
  mkdirSync(benchDir, { recursive: true });
  console.log(
    `\nMT940 and OFX, bookings out of date order; ratio to sax's ${saxRate.toFixed(1)} MB/s on the camt files above:`,
  );
  for (const format of FORMATS) {
    const file = join(benchDir, `${format.name.toLowerCase()}-${sizeText.toLowerCase()}.${format.ext}`);
    if (!existsSync(file)) writeStreamed(file, format.parts(targetBytes));
    const out = join(benchDir, `out-${format.ext}.csv`);
    const mb = statSync(file).size / 1e6;
    const runs = [{ label: 'stmt convert --streaming', ...cliRun(file, out) }];
    if (withDefault) runs.push({ label: 'stmt convert (default, sorted)', ...cliRun(file, out, [], []) });
    rmSync(out, { force: true });
    console.log(`${format.name} ${(mb / 1.048576).toFixed(0)} MiB (${file}):`);
    for (const run of runs) {
      const rate = mb / run.seconds;
      console.log(
        `  ${run.label}: ${rate.toFixed(1)} MB/s (${run.seconds.toFixed(2)} s), ratio to sax ${(rate / saxRate).toFixed(2)}; peak RSS ${run.maxRssMiB.toFixed(1)} MiB`,
      );
    }
    if (runs.length === 2)
      console.log(
        `  peak RSS of the default mode / --streaming: ${(runs[1].maxRssMiB / runs[0].maxRssMiB).toFixed(2)} (target < 256 MiB for 1 GB)`,
      );
  }
}
