import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseString, StatementParseError, type Entry, type ParseIssue } from '@stmt/parser';
import { brief, conversionError } from './support/issues';

// bank-sgml.ofx: a USD statement whose third transaction (line 45) is -40.00 GBP at <CURRATE>1.25 on line 52.
const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'ofx', 'bank-sgml.ofx'), 'latin1');
const TRN3 = 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[3]';

/** `text` (the fixture by default) with `from` replaced by `to`; `from` must be there. */
function edit(from: string, to: string, text = FIXTURE): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

async function read(text: string): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  const onIssue = (issue: ParseIssue): void => void (issue.severity === 'note' ? undefined : issues.push(issue));
  for await (const record of parseString(Buffer.from(text, 'latin1'), { fileName: 'bank.ofx', onIssue }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

/** What conversion does: the first error refuses the file. */
const convert = (text: string): Promise<unknown> => conversionError(Buffer.from(text, 'latin1'), 'bank.ofx');

const amounts = (entries: Entry[]): string[] =>
  entries.map(
    (e) =>
      `${e.creditDebit} ${e.money.amount.toString()} ${e.money.currency}` +
      (e.originalMoney ? ` from ${e.originalMoney.amount.toString()} ${e.originalMoney.currency}` : ''),
  );

describe('OFX <CURRENCY> exchange rate', () => {
  it.each(['abc', '0', '0.000', '-1.25'])(
    'refuses <CURRATE>%s at the rate: the amount cannot be converted',
    async (rate) => {
      const text = edit('<CURRATE>1.25', `<CURRATE>${rate}`);
      const { entries, issues } = await read(text);
      expect(amounts(entries)).toEqual(['CRDT 2500.00 USD', 'DBIT 120.55 USD']);
      expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 52, 11, `${TRN3}/CURRENCY/CURRATE`]]);
      expect(issues[0]?.message).toBe(
        `expected a positive exchange rate such as 1.25 in <CURRATE>, found ${JSON.stringify(rate)}: the amount 40.00 GBP cannot be converted to USD, so the transaction cannot be converted`,
      );
      expect(await convert(text)).toBeInstanceOf(StatementParseError);
    },
  );

  it('refuses a <CURRENCY> without <CURRATE>', async () => {
    const { issues } = await read(edit('<CURRATE>1.25', ''));
    expect(issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 52, 11, `${TRN3}/CURRENCY/CURSYM`]]);
    expect(issues[0]?.message).toBe(
      '<CURRENCY> has no <CURRATE> (exchange rate): the amount 40.00 GBP cannot be converted to USD, so the transaction cannot be converted',
    );
  });

  it('keeps the amount of an <ORIGCURRENCY> with a bad rate and leaves the origin out, with a warning', async () => {
    const { entries, issues } = await read(
      edit('<CURRENCY><CURRATE>1.25<CURSYM>GBP</CURRENCY>', '<ORIGCURRENCY><CURRATE>0<CURSYM>GBP</ORIGCURRENCY>'),
    );
    expect(amounts(entries)[2]).toBe('DBIT 40.00 USD');
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 52, 15, `${TRN3}/ORIGCURRENCY/CURRATE`]]);
    expect(issues[0]?.message).toBe(
      'expected a positive exchange rate such as 1.25 in <CURRATE>, found "0": the original amount is left out',
    );
  });
});

describe('OFX currency codes', () => {
  it('reads <CURDEF> and <CURSYM> in lower case upper-cased, each with a warning', async () => {
    const { entries, issues } = await read(edit('<CURSYM>GBP', '<CURSYM>gbp', edit('<CURDEF>USD', '<CURDEF>usd')));
    expect(amounts(entries)[2]).toBe('DBIT 50.00 USD from 40.00 GBP');
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 18, 1, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/CURDEF'],
      ['warning', 'INVALID_VALUE', 52, 24, `${TRN3}/CURRENCY/CURSYM`],
    ]);
    expect(issues[0]?.message).toBe(
      'currency "usd" is not written in capital letters as ISO 4217 codes are; read as USD',
    );
  });

  it('keeps a code ISO 4217 does not list with a warning, and refuses one that is not three letters', async () => {
    const unknown = await read(edit('<CURDEF>USD', '<CURDEF>XYZ'));
    expect(unknown.entries.map((e) => e.money.currency)).toEqual(['XYZ', 'XYZ', 'XYZ']);
    expect(unknown.issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 18, 1, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/CURDEF'],
    ]);
    const notACode = await read(edit('<CURDEF>USD', '<CURDEF>US Dollar'));
    expect(notACode.issues.map(brief)).toEqual([
      ['error', 'INVALID_VALUE', 18, 1, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/CURDEF'],
    ]);
  });
});

describe('OFX single-valued transaction elements given twice', () => {
  it.each([
    ['another', '-41.00'],
    ['the same', '-40.00'],
  ])('refuses a second <TRNAMT> with %s value, at the second', async (_, second) => {
    const text = edit('<TRNAMT>-40.00', `<TRNAMT>-40.00\r\n<TRNAMT>${second}`);
    const { entries, issues } = await read(text);
    expect(entries).toHaveLength(2);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 49, 1, `${TRN3}/TRNAMT`]]);
    expect(issues[0]?.message).toBe(
      `a second <TRNAMT> (${JSON.stringify(second)}) in the transaction, after the first ("-40.00") at line 48, column 1: which one is meant is unknown, so the transaction cannot be converted (two transactions may have run together)`,
    );
    expect(await convert(text)).toBeInstanceOf(StatementParseError);
  });

  it('refuses a second <CURSYM> or <CURRATE>', async () => {
    const { issues } = await read(edit('<CURSYM>GBP', '<CURSYM>GBP<CURRATE>1.30'));
    expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', 52, 35, `${TRN3}/CURRENCY/CURRATE`]]);
  });

  it('refuses a second <DTPOSTED> or <FITID> with another value (so too <DTAVAIL> and <TRNTYPE>)', async () => {
    const { entries, issues } = await read(
      edit(
        '<FITID>202403100003',
        '<FITID>202403100003<FITID>202403100004',
        edit('<DTPOSTED>20240305', '<DTPOSTED>20240305<DTPOSTED>20240306'),
      ),
    );
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['202403010001']);
    expect(issues.map(brief)).toEqual([
      ['error', 'INVALID_VALUE', 38, 19, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[2]/DTPOSTED'],
      ['error', 'INVALID_VALUE', 49, 20, `${TRN3}/FITID`],
    ]);
  });

  it('keeps the first of a repeated value or of a second name or memo (unless empty), with a warning naming both places', async () => {
    const { entries, issues } = await read(
      edit(
        '<MEMO>\r\n<CURRENCY>',
        '<MEMO>\r\n<MEMO>Books\r\n<CURRENCY>',
        edit(
          '<NAME>LONDON BOOKSHOP',
          '<NAME>LONDON BOOKSHOP\r\n<NAME>PARIS BOOKSHOP',
          edit('<TRNTYPE>POS', '<TRNTYPE>POS<TRNTYPE>POS'),
        ),
      ),
    );
    expect(amounts(entries)[2]).toBe('DBIT 50.00 USD from 40.00 GBP');
    expect(entries[2]?.details[0]).toMatchObject({ creditor: { name: 'LONDON BOOKSHOP' }, remittanceInfo: 'Books' });
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 46, 13, `${TRN3}/TRNTYPE`],
      ['warning', 'INVALID_VALUE', 51, 1, `${TRN3}/NAME`],
      ['warning', 'INVALID_VALUE', 53, 1, `${TRN3}/MEMO`],
    ]);
    expect(issues[1]?.message).toBe(
      'a second <NAME> ("PARIS BOOKSHOP") in the transaction, after the first ("LONDON BOOKSHOP") at line 50, column 1; the first is kept',
    );
    expect(issues[2]?.message).toBe(
      'a second <MEMO> ("Books") in the transaction, after the first ("") at line 52, column 1; the first is empty, so this one is read',
    );
  });
});

describe('OFX corrections (<CORRECTACTION>)', () => {
  it('gives no row for a deletion, with a warning naming the deleted transaction', async () => {
    const { entries, issues } = await read(
      edit('<NAME>LONDON BOOKSHOP', '<CORRECTFITID>202403050002\n<CORRECTACTION>DELETE\n<NAME>LONDON BOOKSHOP'),
    );
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['202403010001', '202403050002']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 51, 1, `${TRN3}/CORRECTACTION`]]);
    expect(issues[0]?.message).toBe(
      'transaction "202403100003" deletes transaction "202403050002" (<CORRECTACTION>DELETE): it gives no row; remove the row of the deleted transaction where this or an earlier conversion wrote it',
    );
  });

  it('keeps the row of a replacement, with a warning naming the replaced transaction', async () => {
    const { entries, issues } = await read(
      edit('<NAME>LONDON BOOKSHOP', '<CORRECTFITID>202403050002\n<CORRECTACTION>REPLACE\n<NAME>LONDON BOOKSHOP'),
    );
    expect(entries).toHaveLength(3);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 51, 1, `${TRN3}/CORRECTACTION`]]);
    expect(issues[0]?.message).toMatch(/^transaction "202403100003" replaces transaction "202403050002"/);
  });

  it('says a replacement naming its own FITID replaces nothing else, so no row is to be removed', async () => {
    const { entries, issues } = await read(
      edit('<NAME>LONDON BOOKSHOP', '<CORRECTFITID>202403100003\n<CORRECTACTION>REPLACE\n<NAME>LONDON BOOKSHOP'),
    );
    expect(entries).toHaveLength(3);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 50, 1, `${TRN3}/CORRECTFITID`]]);
    expect(issues[0]?.message).toBe(
      'transaction "202403100003" names itself as the transaction it replaces (<CORRECTFITID> is its own <FITID>); read as it is, with no other row to remove',
    );
  });
});

describe('OFX amounts with a decimal point and no decimals', () => {
  it('reads <TRNAMT>-40. as -40, as XML Schema reads it', async () => {
    const { entries, issues } = await read(edit('<TRNAMT>-40.00', '<TRNAMT>-40.'));
    expect(amounts(entries)[2]).toBe('DBIT 50.00 USD from 40 GBP');
    expect(issues).toEqual([]);
  });
});

describe('OFX amounts converted from another currency', () => {
  it('rounds to the decimals of the statement currency when TRNAMT has fewer', async () => {
    const { entries } = await read(edit('<TRNAMT>-40.00', '<TRNAMT>-10').replace('<CURRATE>1.25', '<CURRATE>1.1234'));
    expect(amounts(entries)[2]).toBe('DBIT 11.23 USD from 10 GBP');
  });

  it('refuses an amount said to be in another currency by a <CURRENCY> value with no rate', async () => {
    const { entries, issues } = await read(edit('<CURRENCY><CURRATE>1.25<CURSYM>GBP</CURRENCY>', '<CURRENCY>GBP'));
    expect(entries).toHaveLength(2);
    expect(issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 52, 1, `${TRN3}/CURRENCY`]]);
    expect(issues[0]?.message).toBe(
      '<CURRENCY>GBP is written as a value, without <CURSYM> and <CURRATE>: the amount 40.00 GBP cannot be converted to USD, so the transaction cannot be converted',
    );
  });

  it('reads a <CURRENCY> or <ORIGCURRENCY> value in the statement currency as it is, and warns at another original currency', async () => {
    expect((await read(edit('<CURRENCY><CURRATE>1.25<CURSYM>GBP</CURRENCY>', '<CURRENCY>USD'))).issues).toEqual([]);
    const { entries, issues } = await read(edit('<CURRENCY><CURRATE>1.25<CURSYM>GBP</CURRENCY>', '<ORIGCURRENCY>GBP'));
    expect(amounts(entries)[2]).toBe('DBIT 40.00 USD');
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 52, 1, `${TRN3}/ORIGCURRENCY`]]);
  });
});

// Tester's findings: a second <CURDEF> or account id was read last-wins, silently changing every row.
describe('OFX statement elements given twice', () => {
  const STMT = 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS';
  const accounts = (entries: Entry[]): string[] => entries.map((e) => `${e.account.otherId} ${e.money.currency}`);

  it.each([
    [
      '<CURDEF> with another code',
      edit('<CURDEF>USD', '<CURDEF>USD\r\n<CURDEF>EUR'),
      19,
      1,
      'CURDEF',
      '"EUR"',
      '"USD"',
      18,
    ],
    [
      '<ACCTID> with another value',
      edit('<ACCTID>000123456789', '<ACCTID>000123456789\r\n<ACCTID>999'),
      22,
      1,
      'BANKACCTFROM/ACCTID',
      '"999"',
      '"000123456789"',
      21,
    ],
    [
      '<BANKACCTFROM>',
      edit('</BANKACCTFROM>', '</BANKACCTFROM>\r\n<BANKACCTFROM><BANKID>1<ACCTID>999</BANKACCTFROM>'),
      24,
      24,
      'BANKACCTFROM/ACCTID',
      '"999"',
      '"000123456789"',
      21,
    ],
  ])(
    'refuses a second %s in a statement, at the second: every row depends on which is meant',
    async (_, text, line, column, path, second, first, firstLine) => {
      const { entries, issues } = await read(text);
      expect(accounts(entries)).toEqual(Array(3).fill('000123456789 USD'));
      expect(issues.map(brief)).toEqual([['error', 'INVALID_VALUE', line, column, `${STMT}/${path}`]]);
      expect(issues[0]?.message).toBe(
        `a second <${path.split('/').pop() ?? ''}> (${second}) in the statement, after the first (${first}) at line ${firstLine}, column 1: which one is meant is unknown, so the statement's rows cannot be converted`,
      );
      expect(await convert(text)).toBeInstanceOf(StatementParseError);
    },
  );

  it('warns at a second <CURDEF> or <ACCTID> with the same value, and reads on', async () => {
    const text = edit(
      '<ACCTID>000123456789',
      '<ACCTID>000123456789\r\n<ACCTID>000123456789',
      edit('<CURDEF>USD', '<CURDEF>USD\r\n<CURDEF>usd'),
    );
    const { entries, issues } = await read(text);
    expect(accounts(entries)).toEqual(Array(3).fill('000123456789 USD'));
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 19, 1, `${STMT}/CURDEF`], // written in lower case
      ['warning', 'INVALID_VALUE', 19, 1, `${STMT}/CURDEF`],
      ['warning', 'INVALID_VALUE', 23, 1, `${STMT}/BANKACCTFROM/ACCTID`],
    ]);
    expect(issues[1]?.message).toBe(
      'a second <CURDEF> ("USD") in the statement, after the first ("USD") at line 18, column 1; the first is kept',
    );
  });

  it('reads the transactions of a <CURDEF> written after them in its currency, with a warning at it', async () => {
    const text = edit('</BANKTRANLIST>\r\n', '</BANKTRANLIST>\r\n<CURDEF>EUR\r\n', edit('<CURDEF>USD\r\n', ''));
    const { entries, issues } = await read(text);
    expect(amounts(entries)).toEqual(['CRDT 2500.00 EUR', 'DBIT 120.55 EUR', 'DBIT 50.00 EUR from 40.00 GBP']);
    expect(entries[0]?.account.currency).toBe('EUR');
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 54, 1, `${STMT}/CURDEF`]]);
    expect(issues[0]?.message).toBe(
      '<CURDEF> comes after 3 transactions, where OFX writes it before them; they are read in EUR, the currency the statement gives',
    );
  });
});

describe('OFX transaction types and ids', () => {
  it('keeps a <TRNTYPE> OFX does not define as written, with one warning per value and a count of the rest', async () => {
    const { entries, issues } = await read(
      edit('<TRNTYPE>POS', '<TRNTYPE>FOOBAR', edit('<TRNTYPE>CHECK', '<TRNTYPE>FOOBAR')),
    );
    expect(entries.map((e) => e.bankTransactionCode)).toEqual(['DIRECTDEP', 'FOOBAR', 'FOOBAR']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        37,
        1,
        'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[2]/TRNTYPE',
        '<TRNTYPE>FOOBAR is not one of the transaction types OFX defines (CREDIT, DEBIT, POS, XFER … OTHER): kept as written as the bank transaction code',
      ],
      [
        'warning',
        'INVALID_VALUE',
        46,
        1,
        `${TRN3}/TRNTYPE`,
        '1 more transaction of type "FOOBAR" in this file, not reported one by one; it is here',
      ],
    ]);
  });

  it('keeps both rows of two transactions with one <FITID>, warning at the second', async () => {
    const { entries, issues } = await read(edit('<FITID>202403100003', '<FITID>202403050002'));
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['202403010001', '202403050002', '202403050002']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 49, 1, `${TRN3}/FITID`]]);
    expect(issues[0]?.message).toBe(
      'transaction "202403050002" has the <FITID> of the transaction at line 40, column 1, where OFX gives every transaction of an account its own: both are kept as rows; if they are one booking written twice, remove one',
    );
  });

  it('remembers the FITIDs of the last 10,000 transactions of a statement', async () => {
    // One transaction a line, from line 2: ids 0 to 10,000, then 0 again (10,001 transactions back:
    // forgotten) and 2 (9,999 back: remembered).
    const transaction = (id: number): string =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<FITID>${id}</STMTTRN>`;
    const ids = [...Array.from({ length: 10_001 }, (_, id) => id), 0, 2];
    const text = [
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>',
      ...ids.map(transaction),
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const { entries, issues } = await read(text);
    expect(entries).toHaveLength(10_003);
    expect(issues.map((issue) => [issue.location?.line, issue.message.slice(0, 71)])).toEqual([
      [10_004, 'transaction "2" has the <FITID> of the transaction at line 4, column 55'],
    ]);
  });
});
