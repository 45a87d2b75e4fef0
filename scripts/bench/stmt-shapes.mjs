// Pathological shapes for `pnpm bench:stmt`: files built to break a streaming parser's memory
// bound (one huge value, one entry with 200,000 transactions, 100,000 statements, 200,000
// nested elements), each converted with `stmt convert --streaming`. Prints per shape the exit
// code, the first line of the error if any, and the peak RSS as a ratio to the peak RSS of a
// 4 KiB statement measured in the same run (target: under 128 MiB on any input).
//   node scripts/bench/stmt-shapes.mjs            # every shape
//   node scripts/bench/stmt-shapes.mjs txdtls     # shapes whose name contains "txdtls"
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;
const LIMIT_MIB = 128;

/** Writes `parts()` (an iterator of strings) to `path` in blocks of about 1 MiB, so the generator stays small too. */
export function writeStreamed(path, parts) {
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w');
  let block = [];
  let size = 0;
  for (const part of parts) {
    block.push(part);
    size += part.length;
    if (size >= MiB) {
      writeSync(fd, block.join(''));
      block = [];
      size = 0;
    }
  }
  writeSync(fd, block.join(''));
  closeSync(fd);
  renameSync(temp, path);
}

function* repeat(text, times) {
  const block = text.repeat(Math.max(1, Math.floor(65536 / text.length)));
  const perBlock = block.length / text.length;
  let left = times;
  for (; left >= perBlock; left -= perBlock) yield block;
  if (left > 0) yield text.repeat(left);
}

const camtHead = (id = 'S1') =>
  `<Stmt><Id>${id}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
  `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>` +
  `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">101.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>`;
const camtDocument = function* (body) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>\n';
  yield* body;
  yield '</BkToCstmrStmt></Document>\n';
};
const entryOpen =
  '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-02</Dt></BookgDt><NtryDtls>';
const entryClose = '</NtryDtls></Ntry>';

function* camtUstrd(size) {
  yield* camtDocument(
    (function* () {
      yield camtHead();
      yield `${entryOpen}<TxDtls><RmtInf><Ustrd>`;
      yield* repeat('Invoice 4711 ', Math.ceil(size / 13));
      yield `</Ustrd></RmtInf></TxDtls>${entryClose}</Stmt>`;
    })(),
  );
}

/** Every shape: name, file extension, generator, and extra CLI arguments. */
export const SHAPES = [
  { name: 'camt-ustrd-16MiB', ext: 'xml', parts: () => camtUstrd(16 * MiB) },
  {
    name: 'camt-ustrd-16MiB --max-field-size 32MiB',
    file: 'camt-ustrd-16MiB',
    ext: 'xml',
    parts: () => camtUstrd(16 * MiB),
    args: ['--max-field-size', '32MiB'],
    // Values of up to 32 MiB: the run restarts with 3 × 31 MiB more old space (oldSpaceFor in heap-relaunch.ts).
    limitMiB: LIMIT_MIB + 3 * 31,
  },
  { name: 'camt-ustrd-50MiB', ext: 'xml', parts: () => camtUstrd(50 * MiB) },
  {
    name: 'camt-200k-txdtls',
    ext: 'xml',
    parts: () =>
      camtDocument(
        (function* () {
          yield camtHead();
          yield entryOpen;
          yield* repeat(
            '<TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><RmtInf><Ustrd>Salary March</Ustrd></RmtInf></TxDtls>',
            200_000,
          );
          yield `${entryClose}</Stmt>`;
        })(),
      ),
  },
  {
    name: 'camt-200k-txdtls --split-batches',
    file: 'camt-200k-txdtls',
    ext: 'xml',
    parts: () => SHAPES.find((shape) => shape.name === 'camt-200k-txdtls').parts(),
    args: ['--split-batches'],
  },
  {
    name: 'camt-100k-statements',
    ext: 'xml',
    parts: () =>
      camtDocument(
        (function* () {
          for (let i = 0; i < 100_000; i++)
            yield `${camtHead(`S${i}`)}${entryOpen}<TxDtls><RmtInf><Ustrd>Rent ${i}</Ustrd></RmtInf></TxDtls>${entryClose}</Stmt>\n`;
        })(),
      ),
  },
  {
    name: 'mt940-100k-statements',
    ext: 'sta',
    parts: function* () {
      for (let i = 0; i < 100_000; i++)
        yield `:20:REF${i}\n:25:DE89370400440532013000\n:28C:${i}/1\n:60F:C240301EUR100,00\n:61:240301C1,00NTRFNONREF\n:86:Rent ${i}\n:62F:C240301EUR101,00\n-\n`;
    },
  },
  {
    name: 'ofx-100k-statements',
    ext: 'ofx',
    parts: function* () {
      yield 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1>\n';
      for (let i = 0; i < 100_000; i++) {
        yield `<STMTTRNRS><TRNUID>${i}<STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>A${i}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<FITID>${i}<MEMO>Rent</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20240301</LEDGERBAL></STMTRS></STMTTRNRS>\n`;
      }
      yield '</BANKMSGSRSV1></OFX>\n';
    },
  },
  {
    name: 'camt-200k-nested',
    ext: 'xml',
    parts: () =>
      camtDocument(
        (function* () {
          yield camtHead();
          yield `${entryOpen}<TxDtls><RmtInf><Ustrd>`;
          yield* repeat('<a>', 200_000);
        })(),
      ),
  },
  {
    name: 'ofx-memo-50MiB',
    ext: 'ofx',
    parts: function* () {
      yield 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>';
      yield '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<FITID>1<MEMO>';
      yield* repeat('memo text ', 5 * MiB);
      yield '</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n';
    },
  },
  {
    name: 'mt940-86-50MiB',
    ext: 'sta',
    parts: function* () {
      yield ':20:REF\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240301EUR100,00\n:61:240301C1,00NTRFNONREF\n:86:';
      yield* repeat('Verwendungszweck ', Math.ceil((50 * MiB) / 17));
      yield '\n:62F:C240301EUR101,00\n-\n';
    },
  },
  {
    name: 'mt940-86-1M-lines',
    ext: 'sta',
    parts: function* () {
      yield ':20:REF\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240301EUR100,00\n:61:240301C1,00NTRFNONREF\n:86:start\n';
      yield* repeat('continuation line of text\n', 1_000_000);
      yield ':62F:C240301EUR101,00\n-\n';
    },
  },
  {
    name: 'csv-description-50MiB',
    ext: 'csv',
    parts: function* () {
      yield 'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\nCARD_PAYMENT,Current,2024-03-02 12:30:00,2024-03-03 08:12:44,"';
      yield* repeat('Cafe ', 10 * MiB);
      yield '",-18.40,0.00,EUR,COMPLETED,481.60\n';
    },
  },
];

/** Runs `stmt convert --streaming` on `path`; the peak RSS of the converting process plus the waiting launcher's own pages. */
function convert(bin, path, out, args = []) {
  const run = spawnSync(
    process.execPath,
    [bin, 'convert', '--input', path, '--output', out, '--streaming', '--no-categorize', ...args],
    {
      env: { ...process.env, LOG_LEVEL: 'error', STMT_REPORT_MAX_RSS: '1' },
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  // A run that restarts for a larger --max-field-size (heap-relaunch.ts) reports once per converting process: the larger counts.
  const kib = (name) =>
    Math.max(0, ...[...run.stderr.matchAll(new RegExp(`${name}=(\\d+)`, 'g'))].map((m) => Number(m[1])));
  const message = run.stderr
    .split('\n')
    .find((line) => line.trim() !== '' && !/^(max-rss-kib|launcher-anon-kib)=/.test(line));
  const text = (message ?? '').replace(/^\S+ error /, '').replace(/ in \S+\/(shape-[^,]+),/, ' in $1,');
  return {
    status: run.status ?? run.signal,
    peakMiB: (kib('max-rss-kib') + kib('launcher-anon-kib')) / 1024,
    message: text.slice(0, 170),
  };
}

/** Generates the shapes missing from `dir`, converts each, prints the table; returns the rows. */
export function benchShapes({ bin, dir, filter = '' }) {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'shape-out.csv');
  const tiny = join(dir, 'shape-tiny.xml');
  if (!existsSync(tiny)) writeStreamed(tiny, camtUstrd(100));
  const baseline = convert(bin, tiny, out);
  console.log(
    `\npathological shapes, stmt convert --streaming (baseline: a 4 KiB camt.053, peak RSS ${baseline.peakMiB.toFixed(1)} MiB, exit ${baseline.status})`,
  );
  const rows = [];
  for (const shape of SHAPES.filter((s) => s.name.includes(filter))) {
    const path = join(dir, `shape-${shape.file ?? shape.name}.${shape.ext}`);
    if (!existsSync(path)) writeStreamed(path, shape.parts());
    const run = convert(bin, path, out, shape.args);
    rmSync(out, { force: true });
    const limit = shape.limitMiB ?? LIMIT_MIB;
    const verdict = run.peakMiB < limit && (run.status === 0 || run.status === 4) ? 'ok' : 'FAIL';
    rows.push({ shape: shape.name, ...run, verdict });
    console.log(
      `  ${shape.name.padEnd(42)} exit ${String(run.status).padEnd(3)} peak RSS ${run.peakMiB.toFixed(1).padStart(6)} MiB  ratio ${(run.peakMiB / baseline.peakMiB).toFixed(2)}  ${verdict} (target < ${limit} MiB, exit 0 or 4)`,
    );
    if (run.status !== 0) console.log(`      ${run.message}`);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const rows = benchShapes({
    bin: join(root, 'apps', 'statement-cli', 'bin', 'run.js'),
    dir: join(root, '.bench'),
    filter: process.argv[2] ?? '',
  });
  if (rows.some((row) => row.verdict !== 'ok')) process.exitCode = 1;
}
