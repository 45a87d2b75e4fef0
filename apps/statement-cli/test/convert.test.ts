import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { largeStatement } from './large-statement';
import { FIXTURES, runCli, tempDir } from './run-cli';

const STATEMENT = join(FIXTURES, 'two-statements.camt053.xml');
const HEADER =
  'booking_date,value_date,amount,currency,credit_debit,status,counterparty_name,counterparty_iban,counterparty_bic,remittance_info,' +
  'end_to_end_id,entry_reference,account_servicer_reference,bank_transaction_code,account_iban,statement_id,category,original_amount,' +
  'original_currency,exchange_rate,reversal,transaction_id';
const RENT =
  '2024-03-05,2024-03-05,-120.50,CHF,DBIT,BOOK,Landlord AG,CH5604835012345678009,CRESCHZZ80A,Rent March,E2E-RENT-03,E-RENT,ASR-1001,PMNT-ICDT-ESCT,CH9300762011623852957,STMT-CHF-03,,,,,false,062768d787032fa9';
const SALARY =
  '2024-03-01,2024-03-01,3000.00,CHF,CRDT,BOOK,Employer SA,CH4431999123000889012,,Salary March,E2E-SAL-03,E-SALARY,ASR-1002,PMNT-RCDT-ESCT,CH9300762011623852957,STMT-CHF-03,,,,,false,170a8cadef3693fb';
const BATCH =
  '2024-03-03,2024-03-03,-300.00,CHF,DBIT,BOOK,,,,Invoice 1 | Invoice 2,,E-BATCH,ASR-1003,,CH9300762011623852957,STMT-CHF-03,,,,,false,b41dfd1478e8a523';
const CARD =
  '2024-03-02,2024-03-02,-8.850,EUR,DBIT,BOOK,"Café ""Zürich"", Bahnhof",,,"Coffee, croissant",,E-CARD,,,DE89370400440532013000,STMT-EUR-03,,,,,false,ec887d3d2646c123';

describe('stmt convert', () => {
  it('writes one row per entry sorted by booking date, with exact amounts and proper quoting', () => {
    const out = join(tempDir(), 'march.csv');
    const run = runCli(['convert', '--input', STATEMENT, '--output', out, '--no-categorize']);
    expect(run.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe([HEADER, SALARY, CARD, BATCH, RENT, ''].join('\n'));
  });

  it('keeps file order with --streaming', () => {
    const out = join(tempDir(), 'march.csv');
    expect(runCli(['convert', '-i', STATEMENT, '-o', out, '--streaming', '--no-categorize']).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe([HEADER, RENT, SALARY, BATCH, CARD, ''].join('\n'));
  });

  it('writes one row per transaction detail with --split-batches', () => {
    const run = runCli([
      'convert',
      '-i',
      STATEMENT,
      '-o',
      '-',
      '--split-batches',
      '--streaming',
      '--preset',
      'minimal',
      '--no-categorize',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').slice(3, 5)).toEqual([
      '2024-03-03,-100.00,CHF,Supplier One,Invoice 1,',
      '2024-03-03,-200.00,CHF,Supplier Two,Invoice 2,',
    ]);
  });

  it('reads standard input and writes standard output for -', () => {
    const run = runCli(['convert', '--input', '-', '--output', '-', '--no-categorize'], {
      input: readFileSync(STATEMENT),
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe([HEADER, SALARY, CARD, BATCH, RENT, ''].join('\n'));
  });

  it('prints statements, entries and totals per currency and direction with --dry-run, writing nothing', () => {
    const dir = tempDir();
    const run = runCli(['convert', '-i', STATEMENT, '-o', join(dir, 'x.csv'), '--dry-run']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('statements: 2, entries: 4, rows: 4');
    expect(run.stdout).toContain('CHF  CRDT  1 entries  3000.00');
    expect(run.stdout).toContain('CHF  DBIT  2 entries  420.50');
    expect(run.stdout).toContain('EUR  DBIT  1 entries  8.850');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fills the category column from the party mappings, the user database winning over the shipped one', () => {
    const database = tempDir();
    writeFileSync(join(database, 'debtors.yaml'), 'landlord ag: Housing (test)\n');
    const run = runCli(['convert', '-i', STATEMENT, '-o', '-', '--streaming', '--preset', 'minimal'], {
      env: { CAMT_DATABASE_DIR: database, CAMT_AI_ENABLED: 'false' },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[1]).toBe('2024-03-05,-120.50,CHF,Landlord AG,Rent March,Housing (test)');
    expect(run.stdout.split('\n')[3]?.endsWith(',Uncategorized')).toBe(true);
  });

  it('applies csv.delimiter and csv.preset from the YAML config, with flags winning over it', () => {
    const configHome = tempDir();
    const folder = join(configHome, 'stmt');
    mkdirSync(folder);
    writeFileSync(join(folder, 'config.yaml'), 'csv:\n  delimiter: semicolon\n  preset: camt-csv-standard\n');
    const run = runCli(['convert', '-i', STATEMENT, '-o', '-', '--streaming'], { configHome });
    expect(run.status).toBe(0);
    const [header, first] = run.stdout.split('\n');
    expect(header?.split(';')).toHaveLength(29);
    expect(first).toMatch(
      /^BOOK;05\.03\.2024;05\.03\.2024;Landlord AG;Landlord AG;CH5604835012345678009;Rent March;Rent March;120\.50;DBIT;CHF;/,
    );
    const flagged = runCli(
      ['convert', '-i', STATEMENT, '-o', '-', '--preset', 'minimal', '--delimiter', 'tab', '--no-categorize'],
      { configHome },
    );
    expect(flagged.stdout.split('\n')[0]).toBe(
      'booking_date\tamount\tcurrency\tcounterparty_name\tremittance_info\tcategory',
    );
  });

  it('refuses an unusable --delimiter as a usage error (exit 2), naming the flag', () => {
    const run = runCli(['convert', '-i', STATEMENT, '-o', '-', '--delimiter', 'ab']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--delimiter');
    expect(run.stderr).toContain("CSV delimiter 'ab' is not supported");
    expect(run.stdout).toBe('');
  });

  it('logs file, parser, transactions and duration, and an audit entry, as JSON lines on stderr', () => {
    const run = runCli(['convert', '-i', STATEMENT, '-o', '-'], { env: { LOG_FORMAT: 'json' } });
    expect(run.status).toBe(0);
    const lines = run.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => l['message'] === 'converted')).toMatchObject({
      level: 'info',
      file: STATEMENT,
      parser: 'camt.053',
      transactions: 4,
    });
    expect(typeof lines.find((l) => l['message'] === 'converted')?.['duration']).toBe('number');
    expect(lines.find((l) => l['message'] === 'audit')).toMatchObject({
      file: STATEMENT,
      operation: 'convert',
      outcome: 'success',
    });
    expect(lines.find((l) => l['message'] === 'audit')?.['user']).toEqual(expect.any(String));
  });
});

describe('stmt convert failures', () => {
  it('exits 3 for a missing input, naming it', () => {
    const run = runCli(['convert', '-i', join(FIXTURES, 'nope.xml'), '-o', '-']);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('nope.xml not found');
  });

  it('exits 4 on a parse error with line and column, leaving no partial CSV and an old one untouched', () => {
    const dir = tempDir();
    const out = join(dir, 'out.csv');
    writeFileSync(out, 'previous run\n');
    const run = runCli(['convert', '-i', join(FIXTURES, 'truncated.camt053.xml'), '-o', out]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/parse error \(\w+\) in .*truncated\.camt053\.xml, line \d+, column \d+/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(out, 'utf8')).toBe('previous run\n');
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('exits 5 when the output folder does not exist', () => {
    const run = runCli(['convert', '-i', STATEMENT, '-o', join(tempDir(), 'missing', 'out.csv')]);
    expect(run.status).toBe(5);
    expect(run.stderr).toContain('Check that the folder exists');
  });

  it('exits 2 for an unknown flag and for an output that is the input', () => {
    expect(runCli(['convert', '-i', STATEMENT, '-o', '-', '--bogus']).status).toBe(2);
    const run = runCli(['convert', '-i', STATEMENT, '-o', STATEMENT]);
    expect(run.status).toBe(2);
    expect(existsSync(STATEMENT)).toBe(true);
  });

  it('converts a folder, continuing past a bad file, skipping non-statements, exiting 4 at the end', () => {
    const input = tempDir();
    const output = join(tempDir(), 'csv');
    for (const name of ['two-statements.camt053.xml', 'truncated.camt053.xml', 'notes.txt']) {
      writeFileSync(join(input, name), readFileSync(join(FIXTURES, name)));
    }
    const run = runCli(['convert', '-i', input, '-o', output]);
    expect(run.status).toBe(4);
    expect(readdirSync(output)).toEqual(['two-statements.camt053.csv']);
    expect(run.stdout).toContain('Converted 1 file(s), skipped 1 unrecognised, 1 failed:');
    expect(run.stdout).toContain('truncated.camt053.xml');
  });
});

/** A camt.053 with `entries` good entries whose file then ends inside the next one. */
function truncatedAfter(entries: number): string {
  const entry = (n: number): string =>
    `<Ntry><NtryRef>E-${n}</NtryRef><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
    `<BookgDt><Dt>2024-04-01</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd>Item ${n}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>' +
    '<GrpHdr><MsgId>M</MsgId><CreDtTm>2024-04-30T18:00:00Z</CreDtTm></GrpHdr><Stmt><Id>S</Id><CreDtTm>2024-04-30T18:00:00Z</CreDtTm>' +
    '<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n';
  return (
    head +
    Array.from({ length: entries }, (_, n) => entry(n)).join('') +
    '<Ntry><NtryRef>E-CUT</NtryRef><Amt Ccy="EUR">1.'
  );
}

describe('stmt convert to standard output', () => {
  // More rows than one enrichment batch (100), so a streaming run has written some before the error.
  const bad = (): string => {
    const file = join(tempDir(), 'cut.xml');
    writeFileSync(file, truncatedAfter(600));
    return file;
  };

  it('writes nothing to stdout when the file fails to parse (rows are buffered without --streaming)', () => {
    const run = runCli(['convert', '-i', bad(), '-o', '-', '--no-categorize']);
    expect(run.status).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('parse error');
  });

  it('with --streaming exits 4 too; what reached stdout is at most a prefix of the CSV (documented as partial)', () => {
    const run = runCli(['convert', '-i', bad(), '-o', '-', '--no-categorize', '--streaming', '--preset', 'minimal']);
    expect(run.status).toBe(4);
    expect(run.stderr).toContain('parse error');
    // How much arrives before the process exits is up to the pipe; only the shape is certain.
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    if (lines.length > 0)
      expect(lines[0]).toBe('booking_date,amount,currency,counterparty_name,remittance_info,category');
    for (const line of lines.slice(1)) expect(line).toMatch(/^2024-04-01,-1\.00,EUR,,Item \d+,$/);
  });
});

describe('stmt convert --threads', () => {
  it('converts a large camt file on worker threads to the same CSV, byte for byte', () => {
    const dir = tempDir();
    const input = join(dir, 'large.xml');
    writeFileSync(input, largeStatement(26000));
    expect(statSync(input).size).toBeGreaterThan(8 * 2 ** 20); // the size from which files are read on several threads
    const one = join(dir, 'one.csv');
    const many = join(dir, 'many.csv');
    const byDefault = join(dir, 'default.csv');
    expect(runCli(['convert', '-i', input, '-o', one, '--streaming', '--threads', '0']).status).toBe(0);
    const threaded = runCli(['convert', '-i', input, '-o', many, '--streaming', '--threads', '2']);
    expect(threaded.status).toBe(0);
    expect(readFileSync(many, 'utf8')).toBe(readFileSync(one, 'utf8'));
    expect(readFileSync(one, 'utf8').split('\n')).toHaveLength(26002);
    // --streaming alone reads on one worker thread beside the main one where there are two cores.
    expect(runCli(['convert', '-i', input, '-o', byDefault, '--streaming']).status).toBe(0);
    expect(readFileSync(byDefault, 'utf8')).toBe(readFileSync(one, 'utf8'));
  });

  it('refuses a negative thread count with a usage error', () => {
    const run = runCli(['convert', '-i', STATEMENT, '-o', '-', '--threads', '-1']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/threads/);
  });
});
