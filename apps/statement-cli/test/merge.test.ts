import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

const CAMT = join(FIXTURES, 'merge', 'camt');
const MT940 = join(FIXTURES, 'merge', 'mt940');

/** `amount status transaction_id` of each data row of a default-layout CSV. */
function rows(csv: string): string[] {
  const [header, ...lines] = csv.trimEnd().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string): number => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split(',');
    return [cells[at('amount')], cells[at('status')], cells[at('transaction_id')]].join(' ');
  });
}

describe('stmt convert --merge', () => {
  it('gives each booking of a camt.052 intraday report and the camt.053 statement once; pending booked later counts as booked', () => {
    const out = join(tempDir(), 'merged.csv');
    const run = runCli(['convert', '-i', CAMT, '-o', out, '--merge', '--no-categorize', '--streaming']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'Merged 2 file(s): 4 row(s) written, 2 dropped (duplicate 1, pending booked later 1, written earlier 0).',
    );
    expect(rows(readFileSync(out, 'utf8'))).toEqual([
      '-100.00 BOOK 38b0bf3e2708252e',
      '5000.00 BOOK 8d6027744b0171e2',
      '-50.00 BOOK fe8a9c9ecb326a23',
      // Pending in the intraday report, never booked: kept, last.
      '-20.00 PDNG 2929fcd8d443c0f3',
    ]);
  });

  it('keeps every booking of daily camt.052 reports whose <AcctSvcrRef> is NONREF', () => {
    // German online banking writes NONREF into every entry's reference: taken as a reference, it
    // would give each day's booking the id of the first, and --merge would drop all but one.
    const intraday = readFileSync(join(CAMT, 'a-intraday.camt052.xml'), 'utf8').replace(
      /<AcctSvcrRef>[^<]*<\/AcctSvcrRef>/g,
      '<AcctSvcrRef>NONREF</AcctSvcrRef>',
    );
    const input = tempDir('stmt-nonref-');
    writeFileSync(join(input, 'day-1.xml'), intraday);
    writeFileSync(
      join(input, 'day-2.xml'),
      intraday.replaceAll('2024-03-28', '2024-03-29').replace('RPT-0328', 'RPT-0329'),
    );
    const out = join(tempDir(), 'merged.csv');
    const run = runCli(['convert', '-i', input, '-o', out, '--merge', '--no-categorize']);
    expect(run.status).toBe(0);
    const written = rows(readFileSync(out, 'utf8'));
    expect(written).toHaveLength(
      2 * rows(runCli(['convert', '-i', join(input, 'day-1.xml'), '-o', '-', '--no-categorize']).stdout).length,
    );
    expect(new Set(written).size).toBe(written.length);
  });

  it('keeps two identical bookings of one day once each when two monthly MT940 files share days', () => {
    const out = join(tempDir(), 'merged.csv');
    expect(runCli(['convert', '-i', MT940, '-o', out, '--merge', '--no-categorize']).status).toBe(0);
    expect(rows(readFileSync(out, 'utf8'))).toEqual([
      '-3.50 BOOK d6ef7f884d33329e',
      '-3.50 BOOK d6ef7f884d33329e-2',
      '100.00 BOOK 6db3b7b52b1eb7aa',
      '-40.00 BOOK 5b1296b0ea997659',
    ]);
  });

  it('lists every dropped row and why in --dry-run, and writes nothing', () => {
    const run = runCli(['convert', '-i', CAMT, '--merge', '--dry-run', '--no-categorize']);
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n').slice(1)).toEqual([
      '  dropped 38b0bf3e2708252e (duplicate of a row already written): 2024-03-28 -100.00 EUR Landlord AG (statement STMT-0328, BOOK)',
      '  dropped 8d6027744b0171e2 (pending, booked in another statement): 2024-03-28 5000.00 EUR Grosskunde AG (statement RPT-0328, PDNG)',
    ]);
    const json = runCli(['convert', '-i', CAMT, '--merge', '--dry-run', '--json', '--no-categorize']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      rows: 4,
      dropped: { duplicate: 1, 'pending-superseded': 1, 'written-earlier': 0 },
    });
  });

  it('--since-last writes only the rows an earlier run did not write', () => {
    const input = tempDir('stmt-inbox-');
    const out = join(tempDir(), 'books.csv');
    copyFileSync(join(MT940, 'jan-1.sta'), join(input, 'jan-1.sta'));
    expect(runCli(['convert', '-i', input, '-o', out, '--since-last', '--no-categorize']).status).toBe(0);
    expect(rows(readFileSync(out, 'utf8'))).toHaveLength(3);
    expect(existsSync(join(out, '..', '.books.csv.stmt-ids'))).toBe(true);

    copyFileSync(join(MT940, 'jan-2.sta'), join(input, 'jan-2.sta'));
    const dry = runCli(['convert', '-i', input, '-o', out, '--since-last', '--dry-run', '--no-categorize']);
    expect(dry.stdout).toContain(
      '1 row(s) to write, 6 dropped (duplicate 0, pending booked later 0, written earlier 6)',
    );
    const second = runCli(['convert', '-i', input, '-o', out, '--since-last', '--no-categorize']);
    expect(second.status).toBe(0);
    expect(rows(readFileSync(out, 'utf8'))).toEqual(['-40.00 BOOK 5b1296b0ea997659']);
    // Nothing new: an empty CSV (header only).
    expect(runCli(['convert', '-i', input, '-o', out, '--since-last', '--no-categorize']).status).toBe(0);
    expect(rows(readFileSync(out, 'utf8'))).toEqual([]);
  });

  it('writes the opening balance once across --since-last journal runs', () => {
    const input = tempDir('stmt-inbox-');
    const out = join(tempDir(), 'books.journal');
    copyFileSync(join(MT940, 'jan-1.sta'), join(input, 'jan-1.sta'));
    expect(
      runCli(['convert', '-i', input, '-o', out, '--since-last', '--to', 'hledger', '--no-categorize']).status,
    ).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('2024-01-01 * Opening balance | statement JAN-A');
    copyFileSync(join(MT940, 'jan-2.sta'), join(input, 'jan-2.sta'));
    expect(
      runCli(['convert', '-i', input, '-o', out, '--since-last', '--to', 'hledger', '--no-categorize']).status,
    ).toBe(0);
    const second = readFileSync(out, 'utf8');
    expect(second).not.toContain('Opening balance');
    expect(second).toContain('2024-01-08 * Groceries Markt  ; transaction_id:5b1296b0ea997659');
    expect(second).toContain('; not asserted (the opening balance is in an earlier output): 2024-01-08');
  });

  it('writes no second opening balance after a first --since-last journal run that booked no row', () => {
    const input = tempDir('stmt-inbox-');
    const out = join(tempDir(), 'books.journal');
    writeFileSync(
      join(input, 'dec.sta'),
      ':20:DEC\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C231231EUR1000,00\n:62F:C231231EUR1000,00\n-\n',
    );
    const run = (): number | null =>
      runCli(['convert', '-i', input, '-o', out, '--since-last', '--to', 'hledger', '--no-categorize']).status;
    expect(run()).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Opening balance | statement DEC');
    copyFileSync(join(MT940, 'jan-1.sta'), join(input, 'jan-1.sta'));
    expect(run()).toBe(0);
    const second = readFileSync(out, 'utf8');
    expect(second).not.toContain('Opening balance');
    expect(second).toContain('Refund order 4711');
  });

  it('refuses --since-last without an output file or with a device, and a folder as the merged output', () => {
    const stdout = runCli(['convert', '-i', MT940, '-o', '-', '--since-last', '--no-categorize']);
    expect(stdout.status).toBe(2);
    expect(stdout.stderr).toContain('--since-last remembers what it wrote beside the output file');
    const device = runCli(['convert', '-i', MT940, '-o', '/dev/null', '--since-last', '--no-categorize']);
    expect(device.status).toBe(2);
    expect(device.stderr).toContain(
      '--since-last remembers what it wrote beside the output file, but /dev/null is a device: give --output a file path (a CSV or journal file).',
    );
    expect(existsSync('/dev/.null.stmt-ids')).toBe(false);
    const folder = runCli(['convert', '-i', MT940, '-o', tempDir(), '--merge', '--no-categorize']);
    expect(folder.status).toBe(2);
    expect(folder.stderr).toContain('--merge writes one CSV file');
    const journal = runCli(['convert', '-i', MT940, '-o', tempDir(), '--merge', '--to', 'hledger', '--no-categorize']);
    expect(journal.status).toBe(2);
    expect(journal.stderr).toContain('--merge writes one journal');
    expect(journal.stderr).toContain('merged.journal');
  });
});
