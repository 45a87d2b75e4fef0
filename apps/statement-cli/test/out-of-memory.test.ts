import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAS_SCRIPT, runCli, runCliInTerminal, tempDir } from './run-cli';

/** A camt.053 of one entry of `details` transaction details, each with the remittance text `text` gives it. */
function oneLargeEntry(details: number, text: (index: number) => string): string {
  const detail = (index: number): string =>
    `<TxDtls><Amt Ccy="EUR">1.00</Amt><RmtInf><Ustrd>${text(index)}</Ustrd></RmtInf></TxDtls>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${details}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt><NtryDtls>${Array.from({ length: details }, (_, index) => detail(index)).join('')}</NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>
`;
}

/** `text` in a file of a fresh folder. */
function inputFile(name: string, text: string): string {
  const input = join(tempDir(), name);
  writeFileSync(input, text);
  return input;
}

/** What V8 writes when a heap runs out, none of which a user should see. */
const V8_REPORT = /Last few GCs|JS stacktrace|FATAL ERROR|Native stack trace|node::/;

describe('an entry too large for the heap of a --streaming run', () => {
  // 200 details of 200,000 characters: the one row of the entry holds 40 MB of text, several
  // times over while it is built, in a heap of 44 MiB.
  const tooLarge = (): string =>
    inputFile(
      'too-large.xml',
      oneLargeEntry(200, () => 'y'.repeat(200_000)),
    );

  it('is refused with what to do instead, without V8 report, leaving no output', () => {
    const input = tooLarge();
    const output = join(input, '..', 'out.csv');
    const run = runCli(['convert', '-i', input, '-o', output, '--streaming', '--no-categorize']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ran out of memory within the heap it allows itself .*Convert without --streaming/);
    expect(run.stderr).not.toMatch(V8_REPORT);
    expect(readdirSync(join(input, '..'))).toEqual(['too-large.xml']);
  });

  (HAS_SCRIPT ? it : it.skip)('is refused the same way on a terminal', () => {
    const input = tooLarge();
    const run = runCliInTerminal(['convert', '-i', input, '-o', join(input, '..', 'out.csv'), '--streaming'], '');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/ran out of memory within the heap it allows itself/);
    expect(run.stdout).not.toMatch(V8_REPORT);
  });
});

describe('an entry of long remittance texts', () => {
  // 44 details of 130,000 characters in short words, 5.7 MB: categorised, the words of the
  // whole text took more than the --streaming heap; the categoriser reads the first 4,096.
  const longTexts = (): string =>
    inputFile(
      'long-texts.xml',
      oneLargeEntry(44, (index) => `hotel ${`x${index} `.repeat(130_000 / 4)}`),
    );

  it('converts with --streaming, categorised', () => {
    const input = longTexts();
    const output = join(input, '..', 'out.csv');
    const run = runCli(['convert', '-i', input, '-o', output, '--streaming']);
    expect(run.stderr).not.toMatch(/ran out of memory/);
    expect(run.status).toBe(0);
    expect(readFileSync(output, 'utf8').split('\n')).toHaveLength(3);
  });

  (HAS_SCRIPT ? it : it.skip)(
    'draws the progress bar on a terminal, where the restarted run writes its messages itself',
    () => {
      const input = longTexts();
      const run = runCliInTerminal(['convert', '-i', input, '-o', join(input, '..', 'out.csv'), '--streaming'], '');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/converting \[.*\] \d+% \| \d+\/5 MiB/);
    },
  );
});
