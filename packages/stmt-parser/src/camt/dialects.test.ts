import { parseString, type ParseIssue, type StatementRecord } from '@stmt/parser';
import { repairDateTime } from './values';

const ENTRY = `<Ntry><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2019-08-09</Dt></BookgDt></Ntry>`;

function camt053(statement: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2019-08-09T11:17:11</CreDtTm></GrpHdr>
<Stmt>${statement}</Stmt></BkToCstmrStmt></Document>`;
}

async function read(text: string): Promise<{ records: StatementRecord[]; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const records: StatementRecord[] = [];
  for await (const record of parseString(text, { fileName: 'bank.xml', onIssue: (issue) => issues.push(issue) }))
    records.push(record);
  return { records, issues };
}

const ACCOUNT = '<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>';

describe('camt dialects: read with a warning', () => {
  it('repairs header date-times in shapes banks write', () => {
    expect(repairDateTime('2019-08-09T11:17:11:735')).toBe('2019-08-09T11:17:11.735');
    expect(repairDateTime('2019-08-09 11:17')).toBe('2019-08-09T11:17:00');
    expect(repairDateTime('2019-08-09T11:17:11+0200')).toBe('2019-08-09T11:17:11+02:00');
    expect(repairDateTime('2019-08-09')).toBe('2019-08-09');
    expect(repairDateTime('09.08.2019')).toBeUndefined();
  });

  it('reads a statement CreDtTm with a colon before the milliseconds, and says where', async () => {
    const { records, issues } = await read(
      camt053(`<Id>S1</Id><CreDtTm>2019-08-09T11:17:11:735</CreDtTm>${ACCOUNT}${ENTRY}`),
    );
    const start = records.find((r) => r.kind === 'statement-start');
    expect(start?.kind === 'statement-start' && start.statement.createdAt).toBe('2019-08-09T11:17:11.735');
    const dated = issues.filter((i) => i.code === 'INVALID_DATE');
    expect(dated).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: expect.objectContaining({
          file: 'bank.xml',
          line: 3,
          path: 'Document/BkToCstmrStmt/Stmt[1]/CreDtTm',
        }),
      }),
    ]);
  });

  it('converts a <Stmt> without <Bal> and says no reconciliation is possible', async () => {
    const { records, issues } = await read(camt053(`<Id>S2</Id>${ACCOUNT}${ENTRY}`));
    expect(records.filter((r) => r.kind === 'entry')).toHaveLength(1);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/no reconciliation possible/) }),
    ]);
  });

  it('converts a statement without <Id> or <Acct>, with a warning for each', async () => {
    const { records, issues } = await read(camt053(ENTRY));
    expect(records.filter((r) => r.kind === 'entry')).toHaveLength(1);
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['warning', expect.stringContaining('<Id>')],
      ['warning', expect.stringContaining('<Acct>')],
      ['warning', expect.stringContaining('<Bal>')],
    ]);
  });

  it('reads an entry booking date-time in a bank shape with a warning, and still refuses one that is no date', async () => {
    const odd = ENTRY.replace('<Dt>2019-08-09</Dt>', '<DtTm>2019-08-09 11:17:11</DtTm>');
    const { records, issues } = await read(
      camt053(
        `<Id>S3</Id>${ACCOUNT}<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2019-08-08</Dt></Dt></Bal>${odd}`,
      ),
    );
    const entry = records.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.bookingDate).toBe('2019-08-09T11:17:11');
    expect(issues.filter((i) => i.severity !== 'note').map((i) => [i.severity, i.code])).toEqual([
      ['warning', 'INVALID_DATE'],
    ]);
    const none = await read(camt053(`<Id>S4</Id>${ACCOUNT}${ENTRY.replace('2019-08-09', '09.08.2019')}`));
    expect(none.issues.filter((i) => i.severity === 'error').map((i) => i.code)).toEqual(['INVALID_DATE']);
  });

  it('reads a zero balance without <CdtDbtInd> as a credit, and leaves out a balance without type, with warnings', async () => {
    const zero =
      '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><Dt><Dt>2019-08-08</Dt></Dt></Bal>';
    const untyped = '<Bal><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2019-08-09</Dt></Dt></Bal>';
    const { records, issues } = await read(camt053(`<Id>S5</Id>${ACCOUNT}${zero}${untyped}${ENTRY}`));
    const end = records.find((r) => r.kind === 'statement-end');
    expect(
      end?.kind === 'statement-end' &&
        end.statement.balances.map((b) => `${b.type} ${b.creditDebit} ${b.money.amount.toString()}`),
    ).toEqual(['OPBD CRDT 0.00']);
    expect(records.filter((r) => r.kind === 'entry')).toHaveLength(1);
    expect(issues.filter((i) => i.severity === 'warning').map((i) => i.message)).toEqual([
      expect.stringMatching(/zero, so read as CRDT/),
      expect.stringMatching(/balance type .*left out/),
    ]);
  });

  it('leaves out a balance whose amount or indicator cannot be read, and reads one with an unreadable date undated, with warnings', async () => {
    const balance = (amount: string, indicator: string, date: string): string =>
      `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
    const balances = [
      balance('18,15', 'CRDT', '2019-08-08'),
      balance('-18.15', 'DBIT', '2019-08-08'),
      balance('18.15', 'CRED', '2019-08-08'),
      balance('18.15', 'CRDT', '08.08.2019'),
    ].join('');
    const { records, issues } = await read(camt053(`<Id>S7</Id>${ACCOUNT}${balances}${ENTRY}`));
    const end = records.find((r) => r.kind === 'statement-end');
    expect(
      end?.kind === 'statement-end' && end.statement.balances.map((b) => `${b.type} ${b.date ?? 'undated'}`),
    ).toEqual(['OPBD undated']);
    expect(records.filter((r) => r.kind === 'entry')).toHaveLength(1);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    const balanceIssues = issues.filter((i) => /Bal\[\d\]\/(Amt|CdtDbtInd|Dt\/Dt)$/.test(i.location.path ?? ''));
    expect(balanceIssues.map((i) => `${i.code} ${i.message}`)).toEqual([
      expect.stringMatching(/^INVALID_AMOUNT .*"18,15"; the balance is left out/),
      expect.stringMatching(/^INVALID_AMOUNT .*"-18.15"; the balance is left out/),
      expect.stringMatching(/^INVALID_VALUE .*"CRED"; the balance is left out/),
      expect.stringMatching(/^INVALID_DATE .*"08.08.2019"; the balance is read without a date/),
    ]);
  });

  it('books a camt.053 entry without <Sts>, with a warning', async () => {
    const { records, issues } = await read(camt053(`<Id>S6</Id>${ACCOUNT}${ENTRY.replace('<Sts>BOOK</Sts>', '')}`));
    const entry = records.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.status).toBe('BOOK');
    expect(issues.map((i) => i.severity)).toEqual(['warning', 'warning']); // <Sts>, and no <Bal>
  });
});
