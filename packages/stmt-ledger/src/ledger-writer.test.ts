import { PassThrough } from 'node:stream';
import { DEFAULT_COLUMNS, type StatementRow } from '@stmt/export';
import { AccountMap, LedgerWriter, validateLedgerAccounts } from '@stmt/ledger';
import { accountComponent } from './account-map';
import { Decimal, type Balance, type Statement } from '@stmt/parser';
import { statementRow } from '@fin/test-utils';

function row(overrides: Partial<StatementRow>): StatementRow {
  return statementRow<StatementRow>(DEFAULT_COLUMNS, { statement_id: 'S1', ...overrides });
}

function statement(opening: string, closing: string, date: string): Statement {
  const balance = (type: string, amount: string) => ({
    type,
    money: { amount: Decimal.parse(amount), currency: 'EUR' },
    creditDebit: 'CRDT' as const,
    date,
  });
  return {
    format: 'camt.053',
    index: 0,
    statementId: 'S1',
    account: { iban: 'DE89370400440532013000' },
    location: { line: 1, column: 1 },
    balances: [balance('OPBD', opening), balance('CLBD', closing)],
    entryCount: 1,
  };
}

/** A stream to write a journal to, and the text written so far. */
function sink(): { out: PassThrough; written: () => string } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { out, written: () => Buffer.concat(chunks).toString('utf8') };
}

async function journal(
  format: 'hledger' | 'beancount' | 'qif',
  rows: StatementRow[],
  statements: Statement[],
  warnings: string[] = [],
): Promise<string> {
  const { out, written } = sink();
  const writer = new LedgerWriter(out, {
    format,
    accounts: new AccountMap({ categories: { Groceries: 'Expenses:Food:Groceries' } }),
    onWarning: (w) => warnings.push(w),
  });
  for (const s of statements) writer.statement(s);
  await writer.write(rows);
  await writer.end();
  return written();
}

describe('LedgerWriter', () => {
  it('writes texts `transactions` made, in another order, after the header, and asserts the balance they reach', async () => {
    const { out, written } = sink();
    const writer = new LedgerWriter(out, { format: 'hledger' });
    writer.statement(statement('100.00', '87.50', '2024-03-02'));
    const later = writer.transactions([row({ booking_date: '2024-03-02', amount: '-10.00', transaction_id: 'b' })]);
    const first = writer.transactions([row({ booking_date: '2024-03-01', amount: '-2.50', transaction_id: 'a' })]);
    await writer.writeText(first);
    await writer.writeText(Buffer.from(later));
    await writer.end();
    const text = written();
    expect(text.startsWith('decimal-mark .\n\n2024-03-01 * Unknown  ; transaction_id:a\n')).toBe(true);
    expect(text.indexOf('transaction_id:a')).toBeLessThan(text.indexOf('transaction_id:b'));
    expect(text).toContain('= 87.50 EUR');
    expect(text).not.toContain('not asserted');
  });

  it('writes a beancount transaction with escaped text, the id as metadata, the opening, the next-morning balance and the opens', async () => {
    const text = await journal(
      'beancount',
      [
        row({
          amount: '-12.50',
          counterparty_name: 'Shop "Zur Post"',
          remittance_info: 'Bread',
          category: 'Groceries',
          transaction_id: 'abc',
        }),
      ],
      [statement('100.00', '87.50', '2024-03-01')],
    );
    expect(text).toBe(
      '2024-03-01 * "Shop \\"Zur Post\\"" "Bread"\n  transaction_id: "abc"\n  Expenses:Food:Groceries  12.50 EUR\n  Assets:Bank:DE89370400440532013000  -12.50 EUR\n\n' +
        '2024-03-01 * "Opening balance" "statement S1"\n  Assets:Bank:DE89370400440532013000  100.00 EUR\n  Equity:Opening-Balances\n\n' +
        '2024-03-02 balance Assets:Bank:DE89370400440532013000  87.50 EUR\n  note: "statement S1"\n\n' +
        '2024-03-01 open Assets:Bank:DE89370400440532013000\n2024-03-01 open Equity:Opening-Balances\n2024-03-01 open Expenses:Food:Groceries\n',
    );
  });

  it('opens only accounts no earlier run opened, and adds the ones it opens', async () => {
    const { out, written } = sink();
    const opened = new Map([['Assets:Bank:DE89370400440532013000', '2024-02-01']]);
    const warnings: string[] = [];
    const writer = new LedgerWriter(out, {
      format: 'beancount',
      openings: false,
      opened,
      onWarning: (message) => warnings.push(message),
    });
    await writer.write([row({ amount: '-3.00', category: 'Fun', transaction_id: 'f' })]);
    await writer.end();
    const text = written();
    expect(text.split('\n').filter((line) => line.includes(' open '))).toEqual(['2024-03-01 open Expenses:Fun']);
    expect([...opened].sort()).toEqual([
      ['Assets:Bank:DE89370400440532013000', '2024-02-01'],
      ['Expenses:Fun', '2024-03-01'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('reports bookings dated before the open directive an earlier run wrote for their account', async () => {
    const { out } = sink();
    const opened = new Map([['Assets:Bank:DE89370400440532013000', '2024-03-05']]);
    const warnings: string[] = [];
    const writer = new LedgerWriter(out, {
      format: 'beancount',
      openings: false,
      opened,
      onWarning: (message) => warnings.push(message),
    });
    await writer.write([
      row({ amount: '-3.00', booking_date: '2024-03-04', category: 'Fun', transaction_id: 'a' }),
      row({ amount: '-4.00', booking_date: '2024-03-02', category: 'Fun', transaction_id: 'b' }),
      row({ amount: '-5.00', booking_date: '2024-03-05', category: 'Fun', transaction_id: 'c' }),
    ]);
    await writer.end();
    expect(warnings).toEqual([
      "2 bookings of Assets:Bank:DE89370400440532013000 dated from 2024-03-02, before the account's open directive (2024-03-05) in an earlier output: bean-check refuses them. Convert this statement into a fresh output, or move that open directive to 2024-03-02 or earlier.",
    ]);
    // The run's own new account opens on its first date, so its bookings pass.
    expect(opened.get('Expenses:Fun')).toBe('2024-03-02');
  });

  it('leaves pending rows and balances the rows cannot reach as comments, and says why', async () => {
    const warnings: string[] = [];
    const text = await journal(
      'hledger',
      [
        row({ amount: '-12.50', category: 'Fun', transaction_id: 'a' }),
        row({ amount: '-5.00', status: 'PDNG', transaction_id: 'p' }),
        row({ amount: '-7.00', booking_date: '', value_date: '', transaction_id: 'd' }),
      ],
      [statement('100.00', '80.00', '2024-03-01')],
      warnings,
    );
    expect(text).toContain('; not booked (PDNG), left out: 2024-03-01 -5.00 EUR [p]');
    // Booked, but a transaction needs a date: the comment says so, not "not booked".
    expect(text).toContain('; no date, left out: -7.00 EUR [d]');
    expect(text).toContain(
      '; not asserted (the booked rows give 87.50 EUR): 2024-03-01 Assets:Bank:DE89370400440532013000 = 80.00 EUR, statement S1',
    );
    expect(text).toContain('    Expenses:Fun  12.50 EUR');
    expect(warnings).toEqual([
      'closing balance 80.00 EUR of Assets:Bank:DE89370400440532013000 on 2024-03-01 (statement S1) not asserted: the booked rows give 87.50 EUR',
    ]);
  });

  it('makes account components every tool accepts, and validates mappings by key', () => {
    expect([accountComponent('Eating out'), accountComponent('Café & Bar'), accountComponent('')]).toEqual([
      'Eating-Out',
      'Cafe-Bar',
      'Unknown',
    ]);
    const mapping = {
      categories: { Groceries: 'Expenses:Straßenbahn', Food: 'Expenses:Еда' },
      accounts: { DE89370400440532013000: 'Assets:Bank:Sparkasse-Köln' },
      bank: 'Assets:Bank:Łódź:{account}',
    };
    expect(validateLedgerAccounts(mapping, 'm.yaml')).toEqual(mapping);
    expect(() => validateLedgerAccounts({ categories: { Food: 'Expenses:ßtraße' } }, 'm.yaml')).toThrow(
      /categories\.Food: must be an account/,
    );
    expect(() => validateLedgerAccounts({ categories: { Rent: 'Rent' }, extra: 1 }, 'm.yaml')).toThrow(
      /m\.yaml: invalid ledger account mapping: (categories\.Rent: must be an account|\(mapping\): unknown key 'extra')/,
    );
  });

  it('writes each statement account and currency as its own QIF register, dates as MM/DD/YYYY, the opening in its register', async () => {
    const other = {
      ...statement('10.00', '10.00', '2024-03-01'),
      statementId: 'S2',
      account: { iban: 'CH9300762011623852957' },
    };
    const text = await journal(
      'qif',
      [
        row({ amount: '-12.50', category: 'Groceries', transaction_id: 'a', counterparty_name: 'Shop' }),
        row({ amount: '-3.00', currency: 'USD', transaction_id: 'b', booking_date: '2024-03-02' }),
        row({ amount: '5.00', account_iban: 'CH9300762011623852957', statement_id: 'S2', transaction_id: 'c' }),
      ],
      [statement('100.00', '87.50', '2024-03-01'), other],
    );
    expect(text).toBe(
      '!Account\nNAssets:Bank:DE89370400440532013000 EUR\nTBank\n^\n!Type:Bank\n' +
        'D03/01/2024\nT-12.50\nNa\nPShop\nM\nLExpenses:Food:Groceries\n^\n' +
        '!Account\nNAssets:Bank:DE89370400440532013000 USD\nTBank\n^\n!Type:Bank\n' +
        'D03/02/2024\nT-3.00\nNb\nPUnknown\nM\nLExpenses:Uncategorized\n^\n' +
        '!Account\nNAssets:Bank:CH9300762011623852957 EUR\nTBank\n^\n!Type:Bank\n' +
        'D03/01/2024\nT5.00\nNc\nPUnknown\nM\nLIncome:Uncategorized\n^\n' +
        '!Account\nNAssets:Bank:DE89370400440532013000 EUR\nTBank\n^\n!Type:Bank\n' +
        'D03/01/2024\nT100.00\nPOpening Balance\nMstatement S1\nL[Assets:Bank:DE89370400440532013000 EUR]\n^\n' +
        '!Account\nNAssets:Bank:CH9300762011623852957 EUR\nTBank\n^\n!Type:Bank\n' +
        'D03/01/2024\nT10.00\nPOpening Balance\nMstatement S2\nL[Assets:Bank:CH9300762011623852957 EUR]\n^\n',
    );
  });

  it('starts each text `transactions` makes with its QIF register, so sorted texts stay in theirs', async () => {
    const { out, written } = sink();
    const writer = new LedgerWriter(out, {
      format: 'qif',
      accounts: new AccountMap({ accounts: { CARD: 'Liabilities:Visa' } }),
    });
    const card = writer.transactions([row({ amount: '-9.00', account_iban: 'CARD', transaction_id: 'v' })]);
    const bank = writer.transactions([row({ amount: '-1.00', transaction_id: 'w' })]);
    await writer.writeText(card);
    await writer.writeText(bank);
    await writer.end();
    const text = written();
    expect(text.split('\n').filter((line) => line.startsWith('!') || line.startsWith('N'))).toEqual([
      '!Account',
      'NLiabilities:Visa EUR',
      '!Type:CCard',
      'Nv',
      '!Account',
      'NAssets:Bank:DE89370400440532013000 EUR',
      '!Type:Bank',
      'Nw',
    ]);
  });

  it('runs one QIF register on across texts of the same account, and repeats it after another account’s', async () => {
    const { out, written } = sink();
    const writer = new LedgerWriter(out, { format: 'qif' });
    const first = writer.transactions([row({ amount: '-1.00', transaction_id: 'a' })]);
    const second = writer.transactions([
      row({ amount: '-2.00', transaction_id: 'b', booking_date: '2024-03-02' }),
      row({ amount: '-3.00', transaction_id: 'c', booking_date: '2024-03-02', currency: 'USD' }),
    ]);
    const third = writer.transactions([row({ amount: '-4.00', transaction_id: 'd', booking_date: '2024-03-03' })]);
    // As a sort hands texts back: several joined in one.
    await writer.writeText(first);
    await writer.writeText(Buffer.from(second + third));
    await writer.end();
    const text = written();
    expect(text.split('\n').filter((line) => line.startsWith('!Account') || /^N[a-z]$|^NAssets/.test(line))).toEqual([
      '!Account',
      'NAssets:Bank:DE89370400440532013000 EUR',
      'Na',
      'Nb',
      '!Account',
      'NAssets:Bank:DE89370400440532013000 USD',
      'Nc',
      '!Account',
      'NAssets:Bank:DE89370400440532013000 EUR',
      'Nd',
    ]);
  });

  it('opens with the earliest statement of an account when statements come newest first', async () => {
    const april = { ...statement('70.00', '40.00', '2024-04-30'), statementId: 'APR' };
    april.balances[0] = { ...(april.balances[0] as Balance), date: '2024-03-31' };
    const march = { ...statement('100.00', '70.00', '2024-03-31'), statementId: 'MAR' };
    march.balances[0] = { ...(march.balances[0] as Balance), date: '2024-02-29' };
    const warnings: string[] = [];
    const text = await journal(
      'hledger',
      [
        row({ amount: '-30.00', booking_date: '2024-04-10', transaction_id: 'a', statement_id: 'APR' }),
        row({ amount: '-30.00', booking_date: '2024-03-10', transaction_id: 'm', statement_id: 'MAR' }),
      ],
      [april, march],
      warnings,
    );
    expect(text).toContain('2024-02-29 * Opening balance | statement MAR');
    expect(text).not.toContain('statement APR\n    Assets:Bank:DE89370400440532013000  70.00');
    expect(text).toContain('= 70.00 EUR');
    expect(text).toContain('= 40.00 EUR');
    expect(text).not.toContain('not asserted');
    expect(warnings).toEqual([]);
  });

  it('writes each opening at the top of its QIF register once every statement is known, and at the end otherwise', async () => {
    const other = {
      ...statement('10.00', '10.00', '2024-03-01'),
      statementId: 'S2',
      account: { iban: 'CH9300762011623852957' },
    };
    const qif = async (read: boolean): Promise<string[]> => {
      const { out, written } = sink();
      const writer = new LedgerWriter(out, { format: 'qif' });
      writer.statement(statement('100.00', '87.50', '2024-03-01'));
      writer.statement(other);
      const de = writer.transactions([row({ amount: '-12.50', transaction_id: 'a' })]);
      const ch = writer.transactions([
        row({ amount: '5.00', account_iban: 'CH9300762011623852957', statement_id: 'S2', transaction_id: 'c' }),
      ]);
      const deLater = writer.transactions([row({ amount: '-1.00', transaction_id: 'b', booking_date: '2024-03-02' })]);
      if (read) writer.statementsRead();
      await writer.writeText(Buffer.from(de + ch));
      await writer.writeText(deLater);
      await writer.end();
      return written()
        .split('\n')
        .filter((line) => /^(NAssets|N[a-z]$|POpening)/.test(line));
    };
    expect(await qif(true)).toEqual([
      'NAssets:Bank:DE89370400440532013000 EUR',
      'POpening Balance',
      'Na',
      'NAssets:Bank:CH9300762011623852957 EUR',
      'POpening Balance',
      'Nc',
      'NAssets:Bank:DE89370400440532013000 EUR',
      'Nb',
    ]);
    // A streaming run: an older statement may still come, so the openings wait for the end.
    expect(await qif(false)).toEqual([
      'NAssets:Bank:DE89370400440532013000 EUR',
      'Na',
      'NAssets:Bank:CH9300762011623852957 EUR',
      'Nc',
      'NAssets:Bank:DE89370400440532013000 EUR',
      'Nb',
      'POpening Balance',
      'NAssets:Bank:CH9300762011623852957 EUR',
      'POpening Balance',
    ]);
  });

  it('writes the hledger openings after the header once every statement is known, still asserting the closing', async () => {
    const { out, written } = sink();
    const writer = new LedgerWriter(out, { format: 'hledger' });
    writer.statement(statement('100.00', '87.50', '2024-03-02'));
    const text = writer.transactions([row({ booking_date: '2024-03-02', amount: '-12.50', transaction_id: 'a' })]);
    writer.statementsRead();
    await writer.writeText(text);
    await writer.end();
    const journal = written();
    expect(journal.startsWith('decimal-mark .\n\n2024-03-02 * Opening balance | statement S1\n')).toBe(true);
    expect(journal.match(/Opening balance/g)).toHaveLength(1);
    expect(journal).toContain('= 87.50 EUR');
    expect(journal).not.toContain('not asserted');
  });

  it('writes no opening ahead of the rows for a run after the first (--since-last)', async () => {
    const { out, written } = sink();
    const writer = new LedgerWriter(out, { format: 'qif', openings: false });
    writer.statement(statement('100.00', '87.50', '2024-03-02'));
    const text = writer.transactions([row({ booking_date: '2024-03-02', amount: '-12.50', transaction_id: 'a' })]);
    writer.statementsRead();
    await writer.writeText(text);
    await writer.end();
    expect(written()).not.toContain('Opening Balance');
  });

  it('dates balances that neither they nor their statement date by the account’s booked rows', async () => {
    const undated = statement('100.00', '66.00', '2024-03-02');
    undated.balances = undated.balances.map(({ date: _date, ...balance }) => balance);
    const warnings: string[] = [];
    const text = await journal(
      'hledger',
      [
        row({ booking_date: '2024-03-04', amount: '-30.00', transaction_id: 'a' }),
        row({ booking_date: '2024-03-05', amount: '-4.00', transaction_id: 'b' }),
      ],
      [undated],
      warnings,
    );
    expect(text).toContain(
      '2024-03-04 * Opening balance | statement S1\n    Assets:Bank:DE89370400440532013000  100.00 EUR',
    );
    expect(text).toContain(
      '2024-03-05 * Closing balance | statement S1\n    Assets:Bank:DE89370400440532013000  0 EUR = 66.00 EUR',
    );
    expect(warnings).toEqual([]);

    const alone: string[] = [];
    expect(await journal('hledger', [], [undated], alone)).not.toContain('Opening balance');
    expect(alone).toEqual([
      'opening balance 100.00 EUR of Assets:Bank:DE89370400440532013000 (statement S1) left out: neither the balance nor its statement gives a date, and the account has no booked rows to date it by',
      'closing balance 66.00 EUR of Assets:Bank:DE89370400440532013000 (statement S1) left out: neither the balance nor its statement gives a date, and the account has no booked rows to date it by',
    ]);
  });

  it('keeps a payee starting with a parenthesis out of the hledger transaction code', async () => {
    const text = await journal(
      'hledger',
      [row({ amount: '-1.00', counterparty_name: '(ACME) Ltd', transaction_id: 'p' })],
      [],
    );
    expect(text).toContain('2024-03-01 * () (ACME) Ltd  ; transaction_id:p\n');
  });

  it('keeps categories in other scripts apart as account components', () => {
    expect([accountComponent('еда'), accountComponent('Ελληνικά φαγητά'), accountComponent('日本 食品')]).toEqual([
      'Еда',
      'Ελληνικα-Φαγητα',
      'X-日本-食品',
    ]);
    expect(accountComponent('한국 음식')).not.toBe(accountComponent('日本 食品'));
  });
});
