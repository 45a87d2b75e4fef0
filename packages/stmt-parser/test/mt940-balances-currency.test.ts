import { parseString, type Entry, type ParseIssue, type Statement } from '@stmt/parser';
import { brief } from './support/issues';

interface Read {
  entries: Entry[];
  statements: Statement[];
  issues: ParseIssue[];
}

async function read(text: string): Promise<Read> {
  const out: Read = { entries: [], statements: [], issues: [] };
  for await (const record of parseString(text, { fileName: 'x.sta', onIssue: (issue) => out.issues.push(issue) })) {
    if (record.kind === 'entry') out.entries.push(record.entry);
    if (record.kind === 'statement-end') out.statements.push(record.statement);
  }
  return out;
}

const HEAD = ':20:REF\n:25:DE89370400440532013000\n';

describe('MT940 balance currencies', () => {
  it('warns at the closing balance when its currency is not the opening balance’s', async () => {
    const { entries, issues } = await read(
      `${HEAD}:60F:C240101EUR100,00\n:61:240102D10,00NTRFNONREF\n:62F:C240102USD90,00\n-\n`,
    );
    expect(entries.map((e) => `${e.money.amount.toString()} ${e.money.currency}`)).toEqual(['10.00 EUR']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 5, 6, ':62F:']]);
    expect(issues[0]?.message).toBe(
      'the closing balance :62F: (final) is in USD, but the opening balance :60F: (first) on line 3 is in EUR: the balances cannot be reconciled',
    );
  });

  it('reads a currency ISO 4217 does not list as written, with a warning at the code', async () => {
    const { entries, issues } = await read(
      `${HEAD}:60F:C240101XYZ100,00\n:61:240102D10,00NTRFNONREF\n:62F:C240102XYZ90,00\n-\n`,
    );
    expect(entries.map((e) => e.money.currency)).toEqual(['XYZ']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 3, 13, ':60F:'],
      ['warning', 'INVALID_VALUE', 5, 13, ':62F:'],
    ]);
    expect(issues[0]?.message).toBe('currency XYZ is not an ISO 4217 currency code; kept as written');
  });

  it('reads a lower-case currency upper-cased, with a warning, in balances, :34F: and :90D:/:90C:', async () => {
    const statement = await read(`${HEAD}:60F:C240101eur100,00\n:61:240102D10,00NTRFNONREF\n:62F:C240102Eur90,00\n-\n`);
    expect(statement.entries.map((e) => e.money.currency)).toEqual(['EUR']);
    expect(statement.statements[0]?.balances.map((b) => b.money.currency)).toEqual(['EUR', 'EUR']);
    expect(statement.issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 3, 13, ':60F:'],
      ['warning', 'INVALID_VALUE', 5, 13, ':62F:'],
    ]);
    expect(statement.issues[0]?.message).toBe(
      'currency "eur" is not written in capital letters as ISO 4217 codes are; read as EUR',
    );

    const report = await read(
      `${HEAD}:28C:1\n:34F:eur0,\n:13D:2404021530+0200\n:61:240102D10,00NTRFNONREF\n:90D:1eur10,00\n:90C:0eur0,\n-\n`,
    );
    expect(report.entries.map((e) => e.money.currency)).toEqual(['EUR']);
    expect(report.issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 4, 6, ':34F:'],
      ['warning', 'INVALID_VALUE', 7, 7, ':90D:'],
      ['warning', 'INVALID_VALUE', 8, 7, ':90C:'],
    ]);
  });
});

describe('MT940 without an opening balance', () => {
  it('reads the entries in the closing balance’s currency, with a warning at the statement', async () => {
    const { entries, statements, issues } = await read(
      `${HEAD}:28C:1/1\n:61:240102D10,00NTRFNONREF\n:86:Rent\n:61:240103C25,50NTRFNONREF\n:62F:C240103CHF15,50\n-\n`,
    );
    expect(
      entries.map((e) => `${e.money.amount.toString()} ${e.money.currency} ${e.details[0]?.remittanceInfo ?? ''}`),
    ).toEqual(['10.00 CHF Rent', '25.50 CHF ']);
    expect(statements[0]?.balances.map((b) => b.type)).toEqual(['CLBD']);
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 1, 5, ':20:']]);
    expect(issues[0]?.message).toBe(
      'expected an opening balance :60F: or :60M: in the statement: its entries are read, but there is no opening balance to reconcile them against',
    );
  });

  it('refuses the entries when no balance and no :25: gives their currency', async () => {
    const { issues } = await read(`${HEAD}:28C:1/1\n:61:240102D10,00NTRFNONREF\n-\n`);
    expect(issues.filter((issue) => issue.severity === 'error').map(brief)).toEqual([
      ['error', 'MISSING_ELEMENT', 4, 5, ':61:'],
    ]);
  });
});

describe('MT940 repeated balances', () => {
  it('keeps the first opening balance and warns at the second, naming the first', async () => {
    const { statements, issues } = await read(
      `${HEAD}:60F:C240101EUR100,00\n:61:240102D10,00NTRFNONREF\n:60F:C240102EUR90,00\n:62F:C240102EUR90,00\n-\n`,
    );
    expect(statements[0]?.balances.map((b) => `${b.type} ${b.money.amount.toString()}`)).toEqual([
      'OPBD 100.00',
      'CLBD 90.00',
    ]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 5, 6, ':60F:']]);
    expect(issues[0]?.message).toBe(
      'a second opening balance :60F: in the statement: the first, :60F: on line 3, is kept and this one is not used',
    );
  });

  it('keeps the last closing balance and warns at it, naming the first', async () => {
    const { statements, issues } = await read(
      `${HEAD}:60F:C240101EUR100,00\n:62F:C240101EUR100,00\n:61:240102D10,00NTRFNONREF\n:62F:C240102EUR90,00\n-\n`,
    );
    expect(statements[0]?.balances.map((b) => `${b.type} ${b.money.amount.toString()}`)).toEqual([
      'OPBD 100.00',
      'CLBD 90.00',
    ]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 6, 6, ':62F:']]);
    expect(issues[0]?.message).toContain('the first, :62F: on line 4, is replaced by this one');
  });
});

describe('MT940 balance whose amount cannot be read', () => {
  const ENTRY = ':61:240102D10,00NTRFNONREF\n';

  it('leaves it out with a warning at the amount; its currency is still the entries’', async () => {
    const { entries, statements, issues } = await read(
      `:20:REF\n:25:DE89370400440532013000 EUR\n:60F:C240101USD1x0,00\n${ENTRY}:62F:C240102USD90,0x\n-\n`,
    );
    expect(entries.map((e) => `${e.money.amount.toString()} ${e.money.currency}`)).toEqual(['10.00 USD']);
    expect(statements[0]?.balances).toEqual([]);
    expect(issues.filter((i) => i.code === 'INVALID_AMOUNT').map(brief)).toEqual([
      ['warning', 'INVALID_AMOUNT', 3, 16, ':60F:'],
      ['warning', 'INVALID_AMOUNT', 5, 16, ':62F:'],
    ]);
    expect(issues.find((i) => i.code === 'INVALID_AMOUNT')?.message).toBe(
      'the balance amount "1x0,00" is unreadable: expected an amount with a decimal comma such as 1234,56; the balance is left out (no row depends on it)',
    );
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('still refuses a file cut inside its closing balance, and a balance garbled before its currency', async () => {
    const cut = await read(`${HEAD}:60F:C240101EUR100,00\n${ENTRY}:62F:C240102EUR`);
    expect(cut.issues.filter((i) => i.severity === 'error').map((i) => i.code)).toEqual(['TRUNCATED']);
    const garbled = await read(`${HEAD}:60F:C240101EUR100,00\n${ENTRY}:62F:X240102EUR90,00\n-\n`);
    expect(garbled.issues.filter((i) => i.severity === 'error').map(brief)).toEqual([
      ['error', 'INVALID_VALUE', 5, 6, ':62F:'],
    ]);
  });
});
