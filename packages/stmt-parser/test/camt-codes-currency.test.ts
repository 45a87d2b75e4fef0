import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatementParseError, type Entry, type ParseIssue, type StatementRecord } from '@stmt/parser';
import { readOnThreadsAndAlone } from './support/threads';
import { chunked, collect, toJson, type Outcome } from './support/outcome';
import { conversionError } from './support/issues';

// Two camt deviations that were refused although every row can be read (docs/formats.md,
// tolerance policy): the original transaction's bank transaction code inside return
// information, taken for the detail's own, and an amount without its Ccy attribute in a
// statement that gives the currency elsewhere.

const STMT = 'Document/BkToCstmrStmt/Stmt[1]';

/** A camt.053.001.08 statement: the account's `<Ccy>` when given, then `body` (balances, entries). */
function statement(body: string, accountCurrency?: string): string {
  const ccy = accountCurrency === undefined ? '' : `<Ccy>${accountCurrency}</Ccy>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-03-03T08:00:00</CreDtTm></GrpHdr>
<Stmt>
<Id>S1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id>${ccy}</Acct>
${body}</Stmt>
</BkToCstmrStmt>
</Document>
`;
}

function balance(type: string, amount: string, amt = `<Amt Ccy="EUR">${amount}</Amt>`): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp>${amt}<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>\n`;
}

/** A booked debit entry; `amt` is its `<Amt>` element, `inside` what follows its date (`<BkTxCd>`, `<NtryDtls>`). */
function entry(amt: string, inside = ''): string {
  return `<Ntry>
<NtryRef>N1</NtryRef>
${amt}
<CdtDbtInd>DBIT</CdtDbtInd>
<Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2024-03-01</Dt></BookgDt>
${inside}</Ntry>
`;
}

const code = (domain: string, family: string, subFamily: string): string =>
  `<Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${subFamily}</SubFmlyCd></Fmly></Domn>`;

/** 1-based line and column of the first `text` in `xml`, counted as the XML parser counts them. */
function at(xml: string, text: string, from = 0): { line: number; column: number } {
  const index = xml.indexOf(text, from);
  if (index < 0) throw new Error(`no ${text} in the document`);
  const lines = xml.slice(0, index).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] as string).length + 1 };
}

/** Parses as `validate` does: every issue collected. */
const validate = (xml: string): Promise<Outcome> => collect(chunked(Buffer.from(xml), 4096), { fileName: 'f.xml' });

const entries = (outcome: Outcome): Entry[] =>
  outcome.records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));

const balances = (records: StatementRecord[]) =>
  records.flatMap((record) => (record.kind === 'statement-end' ? record.statement.balances : []));

const brief = (issue: ParseIssue) => [issue.severity, issue.code, issue.message, issue.location];

describe('RtrInf/OrgnlBkTxCd, the returned transaction’s code, is not the detail’s own', () => {
  /** A returned SEPA direct debit (camt.053.001.08): entry and detail coded UPDD, the original ESDD. */
  const returned = (ownCode: string): string =>
    statement(
      balance('OPBD', '100.00') +
        balance('CLBD', '88.00') +
        entry(
          '<Amt Ccy="EUR">12.00</Amt>',
          `<BkTxCd>${code('PMNT', 'IDDT', 'UPDD')}</BkTxCd>
<NtryDtls><TxDtls>
<Refs><EndToEndId>E2E-1</EndToEndId></Refs>
<Amt Ccy="EUR">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
${ownCode}<RtrInf><OrgnlBkTxCd>${code('PMNT', 'IDDT', 'ESDD')}</OrgnlBkTxCd><Rsn><Cd>AC04</Cd></Rsn></RtrInf>
</TxDtls></NtryDtls>
`,
        ),
      'EUR',
    );

  it('gives no issue: the detail keeps its own code, the return reason is read, the file converts', async () => {
    const xml = returned(`<BkTxCd>${code('PMNT', 'IDDT', 'UPDD')}</BkTxCd>\n`);
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map(brief)).toEqual([]);
    const [read] = entries(result);
    expect(read?.bankTransactionCode).toBe('PMNT-IDDT-UPDD');
    expect(read?.details[0]).toMatchObject({ bankTransactionCode: 'PMNT-IDDT-UPDD', returnReasonCode: 'AC04' });
    expect(await conversionError(xml, 'f.xml')).toBeUndefined();
  });

  it('does not stand in for a detail without a code of its own: the row keeps the entry’s', async () => {
    const xml = returned('');
    const result = await validate(xml);
    expect(result.issues.map(brief)).toEqual([]);
    const [read] = entries(result);
    expect(read?.bankTransactionCode).toBe('PMNT-IDDT-UPDD');
    expect(read?.details[0]?.bankTransactionCode).toBeUndefined();
    expect(read?.details[0]?.returnReasonCode).toBe('AC04');
    // A proprietary original code is not the detail's either.
    const proprietary = await validate(
      xml.replace(`<OrgnlBkTxCd>${code('PMNT', 'IDDT', 'ESDD')}`, '<OrgnlBkTxCd><Prtry><Cd>NRTI+109</Cd></Prtry>'),
    );
    expect(proprietary.issues).toEqual([]);
    expect(entries(proprietary)[0]?.details[0]?.bankTransactionCode).toBeUndefined();
  });

  it('a second code in the detail’s own <BkTxCd> is still an error where it stands', async () => {
    const xml = returned(`<BkTxCd>${code('PMNT', 'IDDT', 'UPDD')}</BkTxCd>\n`).replace(
      '<SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>\n<RtrInf>',
      '<SubFmlyCd>UPDD</SubFmlyCd><SubFmlyCd>ESDD</SubFmlyCd></Fmly></Domn></BkTxCd>\n<RtrInf>',
    );
    const result = await validate(xml);
    expect(result.issues.map(brief)).toEqual([
      [
        'error',
        'INVALID_VALUE',
        'a second <SubFmlyCd> in <Fmly>, where ISO 20022 allows one: the row would depend on which one is read',
        {
          file: 'f.xml',
          ...at(xml, '<SubFmlyCd>ESDD</SubFmlyCd></Fmly></Domn></BkTxCd>'),
          path: `${STMT}/Ntry[1]/NtryDtls/TxDtls[1]/BkTxCd/Domn/Fmly/SubFmlyCd`,
        },
      ],
    ]);
  });
});

describe('an <Amt> without its Ccy attribute', () => {
  const accountCurrency = '<Amt> has no Ccy attribute; read in EUR, the account currency (<Acct><Ccy>)';

  it('in an entry is read in the account currency, with a warning at the <Amt>, and reconciled', async () => {
    const xml = statement(balance('OPBD', '100.00') + balance('CLBD', '93.00') + entry('<Amt>7.00</Amt>'), 'EUR');
    const result = await validate(xml);
    expect(result.error).toBeNull();
    expect(result.issues.map(brief)).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        accountCurrency,
        { file: 'f.xml', ...at(xml, '<Amt>7.00'), path: `${STMT}/Ntry[1]/Amt` },
      ],
    ]);
    expect(entries(result)[0]?.money).toEqual({ amount: expect.anything(), currency: 'EUR' });
    expect(entries(result)[0]?.money.amount.toString()).toBe('7.00');
    expect(await conversionError(xml, 'f.xml')).toBeUndefined();
  });

  it('in a balance is read in the account currency too, with a warning', async () => {
    const xml = statement(
      balance('OPBD', '', '<Amt>100.00</Amt>') + balance('CLBD', '93.00') + entry('<Amt Ccy="EUR">7.00</Amt>'),
      'eur',
    );
    const result = await validate(xml);
    expect(result.issues.map(brief)).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        accountCurrency,
        { file: 'f.xml', ...at(xml, '<Amt>100.00'), path: `${STMT}/Bal[1]/Amt` },
      ],
    ]);
    expect(balances(result.records).map((b) => [b.type, b.money.currency, b.money.amount.toString()])).toEqual([
      ['OPBD', 'EUR', '100.00'],
      ['CLBD', 'EUR', '93.00'],
    ]);
  });

  it('in a transaction detail, charges or amount details: the account currency, else the entry’s', async () => {
    const inside = `<Chrgs><Rcrd><Amt>1.00</Amt></Rcrd></Chrgs>
<NtryDtls><TxDtls>
<Amt>7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
<AmtDtls><InstdAmt><Amt>7.00</Amt></InstdAmt></AmtDtls>
</TxDtls></NtryDtls>
`;
    const account = statement(entry('<Amt Ccy="EUR">7.00</Amt>', inside), 'EUR');
    const fromAccount = await validate(account);
    expect(fromAccount.error).toBeNull();
    const detail = `${STMT}/Ntry[1]/NtryDtls/TxDtls[1]`;
    const warnings = (xml: string, message: string) => [
      [
        'warning',
        'MISSING_ELEMENT',
        message,
        { file: 'f.xml', ...at(xml, '<Amt>1.00'), path: `${STMT}/Ntry[1]/Chrgs/Rcrd/Amt` },
      ],
      ['warning', 'MISSING_ELEMENT', message, { file: 'f.xml', ...at(xml, '<Amt>7.00'), path: `${detail}/Amt` }],
      [
        'warning',
        'MISSING_ELEMENT',
        message,
        { file: 'f.xml', ...at(xml, '<Amt>7.00', xml.indexOf('<InstdAmt>')), path: `${detail}/AmtDtls/InstdAmt/Amt` },
      ],
    ];
    expect(fromAccount.issues.filter((i) => !/no reconciliation possible/.test(i.message)).map(brief)).toEqual(
      warnings(account, accountCurrency),
    );
    const [read] = entries(fromAccount);
    expect(read?.charges.map((c) => c.currency)).toEqual(['EUR']);
    expect(read?.details[0]?.money?.currency).toBe('EUR');
    // The instructed amount is in the entry's currency, so it is no original amount.
    expect(read?.details[0]?.originalMoney).toBeUndefined();

    // Without <Acct><Ccy>: the currency of the entry's own amount.
    const entryOnly = statement(entry('<Amt Ccy="CHF">7.00</Amt>', inside));
    const fromEntry = await validate(entryOnly);
    expect(fromEntry.error).toBeNull();
    expect(fromEntry.issues.filter((i) => !/no reconciliation possible/.test(i.message)).map(brief)).toEqual(
      warnings(entryOnly, '<Amt> has no Ccy attribute; read in CHF, the currency of the entry amount (<Ntry><Amt>)'),
    );
    expect(entries(fromEntry)[0]?.details[0]?.money?.currency).toBe('CHF');
    expect(await conversionError(entryOnly, 'f.xml')).toBeUndefined();
  });

  it('stays an error when no currency is known: no <Acct><Ccy>, and it is the entry’s own amount', async () => {
    const xml = statement(entry('<Amt>7.00</Amt>'));
    const result = await validate(xml);
    expect(result.issues.filter((i) => i.severity === 'error').map(brief)).toEqual([
      [
        'error',
        'MISSING_ELEMENT',
        'expected a Ccy attribute naming the currency of <Amt>',
        { file: 'f.xml', ...at(xml, '<Amt>7.00'), path: `${STMT}/Ntry[1]/Amt` },
      ],
    ]);
    expect(entries(result)).toEqual([]);
    const refused = await conversionError(xml, 'f.xml');
    expect(refused).toBeInstanceOf(StatementParseError);
    expect(refused).toMatchObject({ code: 'MISSING_ELEMENT', location: at(xml, '<Amt>7.00') });
    // An account currency that is no currency code names none either.
    const named = statement(entry('<Amt>7.00</Amt>'), 'Euro');
    expect((await validate(named)).issues.map((i) => [i.severity, i.code, i.location.path])).toContainEqual([
      'error',
      'MISSING_ELEMENT',
      `${STMT}/Ntry[1]/Amt`,
    ]);
  });

  describe('read on several threads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-ccy-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('gives the records and warnings of the document reader (a fragment does not know <Acct>)', async () => {
      const many = Array.from({ length: 10 }, (_, i) =>
        entry(
          i === 5 ? '<Amt>6.00</Amt>' : `<Amt Ccy="EUR">${i + 1}.00</Amt>`,
          i === 7 ? '<NtryDtls><TxDtls><Amt>8.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls></NtryDtls>\n' : '',
        ),
      ).join('');
      const path = join(dir, 'no-ccy.xml');
      writeFileSync(path, statement(many, 'EUR'));
      const { parallel, sequential, taken } = await readOnThreadsAndAlone(path);
      expect(sequential.error).toBeNull();
      expect(sequential.issues.filter((i) => /Ccy/.test(i.message)).map((i) => [i.severity, i.location.path])).toEqual([
        ['warning', `${STMT}/Ntry[6]/Amt`],
        ['warning', `${STMT}/Ntry[8]/NtryDtls/TxDtls[1]/Amt`],
      ]);
      expect(toJson(parallel)).toEqual(toJson(sequential));
      expect(taken).toContain(true);
    });
  });
});
