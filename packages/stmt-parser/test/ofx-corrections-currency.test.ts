import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseString, type Entry, type ParseIssue } from '@stmt/parser';
import { brief } from './support/issues';

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

const amounts = (entries: Entry[]): string[] =>
  entries.map(
    (e) =>
      `${e.creditDebit} ${e.money.amount.toString()} ${e.money.currency}` +
      (e.originalMoney ? ` from ${e.originalMoney.amount.toString()} ${e.originalMoney.currency}` : ''),
  );

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
