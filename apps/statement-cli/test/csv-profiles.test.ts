import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from './run-cli';

const PROFILE = `
name: my-credit-union
bank: My Credit Union
detect:
  columns: [Posted, Payee, Withdrawal, Deposit]
date_format: MM/DD/YYYY
thousands: ","
booking_date: Posted
amount: { debit: Withdrawal, credit: Deposit }
currency: { code: USD }
reference: Ref
counterparty: "{Payee}"
remittance: "{Memo}"
`;
const CSV =
  'Posted,Ref,Payee,Memo,Withdrawal,Deposit\n03/01/2024,CU-1,Grocer,weekly shop,"1,020.50",\n03/02/2024,CU-2,Employer,salary,,2000.00\n';

function database(profile: string): string {
  const dir = tempDir('stmt-db-');
  mkdirSync(join(dir, 'profiles'));
  writeFileSync(join(dir, 'profiles', 'credit-union.yaml'), profile);
  return dir;
}

describe('CSV profiles in the database folder', () => {
  it('recognises a bank CSV by a profile of yours, with debit and credit columns and the bank reference as id', () => {
    const input = join(tempDir(), 'export.csv');
    writeFileSync(input, CSV);
    const run = runCli([
      'convert',
      '-i',
      input,
      '-o',
      '-',
      '--database',
      database(PROFILE),
      '--no-categorize',
      '--streaming',
      '--preset',
      'minimal',
    ]);
    expect(run.stderr).not.toContain('error');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'booking_date,amount,currency,counterparty_name,remittance_info,category\n2024-03-01,-1020.50,USD,Grocer,weekly shop,\n2024-03-02,2000.00,USD,Employer,salary,\n',
    );
  });

  it('stops with the file and the key when a profile is wrong (exit 6)', () => {
    const input = join(tempDir(), 'export.csv');
    writeFileSync(input, CSV);
    const run = runCli([
      'convert',
      '-i',
      input,
      '-o',
      '-',
      '--database',
      database(PROFILE.replace('thousands: ","', 'thousand: ","')),
      '--no-categorize',
    ]);
    expect(run.status).toBe(6);
    expect(run.stderr).toContain("credit-union.yaml: invalid CSV profile: (profile): unknown key 'thousand'");
  });

  it('--profile forces a shipped profile, and names the known ones when it does not exist', () => {
    const input = join(tempDir(), 'export.csv');
    writeFileSync(
      input,
      'Transaction Date,Post Date,Description,Category,Type,Amount,Memo\n03/01/2024,03/03/2024,STARBUCKS,Food,Sale,-5.75,\n',
    );
    const forced = runCli([
      'convert',
      '-i',
      input,
      '-o',
      '-',
      '--profile',
      'chase-card',
      '--no-categorize',
      '--preset',
      'minimal',
    ]);
    expect(forced.status).toBe(0);
    expect(forced.stdout).toContain('2024-03-03,-5.75,USD,STARBUCKS,STARBUCKS,');
    const unknown = runCli(['convert', '-i', input, '-o', '-', '--profile', 'nope', '--no-categorize']);
    // A mistyped flag value: a usage error, not a parse error in a file that has nothing wrong.
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--profile "nope" is not a CSV profile. Shipped: revolut, revolut-legacy');
  });
});

describe('validate reads bank CSVs as convert does', () => {
  it('recognises a bank CSV by a profile in --database, and reads one with --profile', () => {
    const input = join(tempDir(), 'export.csv');
    writeFileSync(input, CSV);
    const withProfiles = runCli(['validate', '-i', input, '--database', database(PROFILE)]);
    expect(withProfiles.status).toBe(0);
    expect(withProfiles.stdout).toContain('export.csv: valid bank-csv (1 statement(s), 2 entries');
    const chase = join(tempDir(), 'chase.csv');
    writeFileSync(
      chase,
      'Transaction Date,Post Date,Description,Category,Type,Amount,Memo\n03/01/2024,03/03/2024,STARBUCKS,Food,Sale,-5.75,\n',
    );
    const forced = runCli(['validate', '-i', chase, '--profile', 'chase-card']);
    expect(forced.status).toBe(0);
    expect(forced.stdout).toContain('chase.csv: valid bank-csv (1 statement(s), 1 entries');
    const unknown = runCli(['validate', '-i', chase, '--profile', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--profile "nope" is not a CSV profile');
  });

  it('says a file holds no statement, with the format it reads as, instead of "valid unknown"', () => {
    const input = join(tempDir(), 'header-only.csv');
    writeFileSync(input, 'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n');
    const run = runCli(['validate', '-i', input]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'header-only.csv:1:1: warning MISSING_ELEMENT: the file holds no statement (it reads as revolut-csv), so converting it writes no rows',
    );
    expect(run.stdout).toContain('header-only.csv: no statement in this revolut-csv file (2 warning(s))');
    expect(run.stdout).not.toContain('unknown');
  });
});
