import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIR, FIXTURES, runCli, tempDir } from './run-cli';

/**
 * Every parser fixture that converts (it has an `.expected.csv`) also converts to an hledger
 * journal and a beancount file that the real tools accept: `hledger check` and `bean-check`
 * (Debian packages hledger and beancount; .ci/deps/ledger.sh installs them).
 */
const fixturesRoot = join(APP_DIR, '..', '..', 'packages', 'stmt-parser', 'test', 'fixtures');
const folders = readdirSync(fixturesRoot)
  .map((name) => join(fixturesRoot, name))
  .filter((path) => statSync(path).isDirectory() && readdirSync(path).some((name) => name.endsWith('.expected.csv')));

function available(tool: string): boolean {
  return spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0;
}
const tools = { hledger: available('hledger'), beancount: available('bean-check') };
const CHECKS = {
  hledger: {
    extension: '.journal',
    run: (file: string) => spawnSync('hledger', ['-f', file, 'check'], { encoding: 'utf8' }),
  },
  beancount: { extension: '.beancount', run: (file: string) => spawnSync('bean-check', [file], { encoding: 'utf8' }) },
} as const;

for (const format of ['hledger', 'beancount'] as const) {
  const missing = !tools[format];
  if (missing && process.env['CI'] === 'true') throw new Error(`${format} is not installed; run .ci/deps/ledger.sh`);
  const suite = missing ? describe.skip : describe;
  if (missing) console.warn(`skipping the ${format} checks: the tool is not installed (run .ci/deps/ledger.sh)`);

  suite(`stmt convert --to ${format}`, () => {
    it.each(folders)(`every converting fixture in %s passes the real ${format} check`, (folder) => {
      const out = tempDir(`stmt-${format}-`);
      runCli(['convert', '-i', folder, '-o', out, '--to', format, '--no-categorize']);
      const expected = readdirSync(folder).filter((name) => name.endsWith('.expected.csv'));
      const failures: string[] = [];
      for (const name of expected) {
        const file = join(out, name.replace(/\.expected\.csv$/, CHECKS[format].extension));
        if (!existsSync(file)) {
          failures.push(`${name}: not converted`);
          continue;
        }
        const check = CHECKS[format].run(file);
        if (check.status !== 0) failures.push(`${file}: ${check.stdout}${check.stderr}`);
      }
      expect(failures).toEqual([]);
    });
  });
}

const describeHledger = tools.hledger ? describe : describe.skip;

describeHledger('ledger output details', () => {
  it('maps categories with a mapping file, tags the transaction id, and asserts the closing balance', () => {
    const db = tempDir('stmt-db-');
    const accounts = join(db, 'ledger-accounts.yaml');
    writeFileSync(
      accounts,
      'accounts:\n  CH9300762011623852957: Assets:Bank:Checking\ncategories:\n  Uncategorized: Expenses:Unsorted\n',
    );
    const out = join(tempDir(), 'march.journal');
    const run = runCli([
      'convert',
      '-i',
      join(FIXTURES, 'two-statements.camt053.xml'),
      '-o',
      out,
      '--to',
      'hledger',
      '--no-categorize',
      '--database',
      db,
    ]);
    expect(run.status).toBe(0);
    const journal = readFileSync(out, 'utf8');
    expect(journal).toContain(
      '2024-03-05 * Landlord AG | Rent March  ; transaction_id:062768d787032fa9\n    Expenses:Unsorted  120.50 CHF\n    Assets:Bank:Checking  -120.50 CHF\n',
    );
    expect(journal).toContain('Expenses:Unsorted  -3000.00 CHF'); // a mapped category is one account, whichever the direction
    expect(journal).toMatch(/Assets:Bank:Checking {2}0 CHF = [\d.]+ CHF/);
    expect(spawnSync('hledger', ['-f', out, 'check']).status).toBe(0);
  });

  it('names the key of a bad mapping (exit 6)', () => {
    const accounts = join(tempDir(), 'accounts.yaml');
    writeFileSync(accounts, 'categories:\n  Rent: expenses:rent\n');
    const run = runCli([
      'convert',
      '-i',
      join(FIXTURES, 'two-statements.camt053.xml'),
      '-o',
      '-',
      '--to',
      'beancount',
      '--accounts',
      accounts,
      '--no-categorize',
    ]);
    expect(run.status).toBe(6);
    expect(run.stderr).toContain(
      'invalid ledger account mapping: categories.Rent: must be an account such as Expenses:Food',
    );
  });

  it('refuses --accounts for a CSV, which has no accounts (exit 2)', () => {
    const accounts = join(tempDir(), 'accounts.yaml');
    writeFileSync(accounts, 'categories:\n  Rent: Expenses:Rent\n');
    const input = join(FIXTURES, 'two-statements.camt053.xml');
    const run = runCli(['convert', '-i', input, '-o', '-', '--accounts', accounts, '--no-categorize']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      '--accounts maps categories and statement accounts to journal accounts; it needs --to',
    );
    expect(run.stdout).toBe('');
  });
});

describeHledger('pending OFX transactions', () => {
  it('are PDNG rows in the CSV and comments in the journal, which hledger checks', () => {
    const input = join(tempDir(), 'pending.ofx');
    writeFileSync(
      input,
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD' +
        '<BANKACCTFROM><BANKID>1<ACCTID>123<ACCTTYPE>CHECKING</BANKACCTFROM>' +
        '<BANKTRANLIST><DTSTART>20240101<DTEND>20240131' +
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-12.34<FITID>A1<NAME>GROCER</STMTTRN></BANKTRANLIST>' +
        '<LEDGERBAL><BALAMT>100.00<DTASOF>20240131</LEDGERBAL>' +
        '<BANKTRANLISTP><DTASOF>20240131<STMTTRNP><TRNTYPE>DEBIT<DTTRAN>20240130<TRNAMT>-5.00<NAME>CAFE</STMTTRNP></BANKTRANLISTP>' +
        '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
    );
    const csv = runCli(['convert', '-i', input, '-o', '-', '--no-categorize']);
    expect(csv.status).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^,2024-01-30,-5\.00,USD,DBIT,PDNG,CAFE,/);
    expect(csv.stderr).toBe('');

    const out = join(tempDir(), 'pending.journal');
    expect(runCli(['convert', '-i', input, '-o', out, '--to', 'hledger', '--no-categorize']).status).toBe(0);
    const journal = readFileSync(out, 'utf8');
    expect(journal).toContain('; not booked (PDNG), left out:');
    expect(journal).toContain('CAFE');
    expect(spawnSync('hledger', ['-f', out, 'check']).status).toBe(0);
  });
});

const describeBeancount = tools.beancount ? describe : describe.skip;

describeBeancount('stmt convert --since-last --to beancount', () => {
  it('opens each account once across runs, so the runs combined pass bean-check', () => {
    const mt940 = join(FIXTURES, 'merge', 'mt940');
    const input = tempDir('stmt-inbox-');
    const dir = tempDir();
    const out = join(dir, 'new.beancount');
    copyFileSync(join(mt940, 'jan-1.sta'), join(input, 'jan-1.sta'));
    expect(
      runCli(['convert', '-i', input, '-o', out, '--since-last', '--to', 'beancount', '--no-categorize']).status,
    ).toBe(0);
    const first = readFileSync(out, 'utf8');
    expect(first).toMatch(/^\d{4}-\d\d-\d\d open /m);
    copyFileSync(join(mt940, 'jan-2.sta'), join(input, 'jan-2.sta'));
    expect(
      runCli(['convert', '-i', input, '-o', out, '--since-last', '--to', 'beancount', '--no-categorize']).status,
    ).toBe(0);
    const second = readFileSync(out, 'utf8');
    expect(second).toContain('transaction_id: "5b1296b0ea997659"');
    expect(second).not.toMatch(/ open /);
    expect(
      readFileSync(join(dir, '.new.beancount.stmt-accounts'), 'utf8').split('\n').filter(Boolean).length,
    ).toBeGreaterThan(1);
    const books = join(dir, 'books.beancount');
    writeFileSync(books, first + second);
    const check = CHECKS.beancount.run(books);
    expect(`${check.stdout}${check.stderr}`).toBe('');
    expect(check.status).toBe(0);
  });

  it('warns when a later run books before an open directive an earlier run wrote (a statement downloaded late)', () => {
    const statement = (id: string, day: string, amount: string, opening: string, closing: string): string =>
      `:20:${id}\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C2402${day}EUR${opening}\n` +
      `:61:2402${day}02${day}D${amount}NMSCNONREF\n:86:Coffee Bar Zentrum\n:62F:C2402${day}EUR${closing}\n-\n`;
    const input = tempDir('stmt-inbox-');
    const dir = tempDir();
    const out = join(dir, 'new.beancount');
    const args = ['convert', '-i', input, '-o', out, '--since-last', '--to', 'beancount', '--no-categorize'];
    writeFileSync(join(input, 'feb-20.sta'), statement('FEB-B', '20', '3,50', '996,50', '993,00'));
    expect(runCli(args).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^2024-02-20 open Assets:Bank:DE89370400440532013000$/m);
    writeFileSync(join(input, 'feb-10.sta'), statement('FEB-A', '10', '3,50', '1000,00', '996,50'));
    const late = runCli(args);
    expect(late.status).toBe(0);
    expect(late.stderr).toContain(
      "1 booking of Assets:Bank:DE89370400440532013000 dated from 2024-02-10, before the account's open directive (2024-02-20) in an earlier output: bean-check refuses it.",
    );
  });
});

describe('stmt convert --to qif', () => {
  /** Each register block (`!Account` to the next) as its account and the payees of its transactions. */
  const registers = (qif: string): { account: string; payees: string[] }[] =>
    qif
      .split('!Account\n')
      .slice(1)
      .map((block) => ({
        account: /^N(.*)$/m.exec(block)?.[1] ?? '',
        payees: [...block.matchAll(/^P(.*)$/gm)].map((match) => match[1] ?? ''),
      }));

  it('puts the opening balance first in its register, where Quicken looks for it; a streaming run writes it last', () => {
    const input = join(FIXTURES, 'two-statements.camt053.xml');
    const sorted = registers(runCli(['convert', '-i', input, '-o', '-', '--to', 'qif', '--no-categorize']).stdout);
    const accounts = [...new Set(sorted.map((register) => register.account))];
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      const [first, ...later] = sorted.filter((register) => register.account === account);
      expect(first?.payees[0]).toBe('Opening Balance');
      expect(first?.payees.length).toBeGreaterThan(1);
      expect(later.flatMap((register) => register.payees)).not.toContain('Opening Balance');
    }

    const streaming = registers(
      runCli(['convert', '-i', input, '-o', '-', '--to', 'qif', '--no-categorize', '--streaming']).stdout,
    );
    const payees = streaming.flatMap((register) => register.payees);
    expect(payees.filter((payee) => payee === 'Opening Balance')).toHaveLength(2);
    expect(payees.slice(-2)).toEqual(['Opening Balance', 'Opening Balance']);
  });
});
