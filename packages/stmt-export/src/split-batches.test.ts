import { parseString, type Entry, type ParseIssue, type ParseOptions } from '@stmt/parser';
import { entryToRows, type StatementRow } from '@stmt/export';
import { bookedEntry } from '../test/entries';

/** A camt.053 statement of one account holding the given `<Ntry>` elements. */
function camt053(version: '02' | '08', currency: string, entries: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-03-31T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id><Ccy>${currency}</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

/** One booked `<Ntry>`; `extra` goes between `<BookgDt>` and `<NtryDtls>` (`<BkTxCd>`, `<Chrgs>`). */
function ntry(amount: string, currency: string, creditDebit: string, details: string[], extra = ''): string {
  return `<Ntry><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2024-03-05</Dt></BookgDt><AcctSvcrRef>ENTRY-REF</AcctSvcrRef>${extra}
<NtryDtls>${details.join('\n')}</NtryDtls></Ntry>`;
}

/** A v08 `<TxDtls>` with its own amount (and direction) and a named creditor. */
function txDtls(amount: string, currency: string, creditor: string, creditDebit = 'DBIT'): string {
  return `<TxDtls><Refs><EndToEndId>E2E-${creditor}</EndToEndId></Refs><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd>
<RltdPties><Cdtr><Pty><Nm>${creditor}</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Invoice ${creditor}</Ustrd></RmtInf></TxDtls>`;
}

/** A v02 `<TxDtls>` whose only amount is `<AmtDtls><TxAmt>`. */
function txAmtDtls(amount: string, currency: string, creditor: string): string {
  return `<TxDtls><Refs><EndToEndId>E2E-${creditor}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="${currency}">${amount}</Amt></TxAmt></AmtDtls>
<RltdPties><Cdtr><Nm>${creditor}</Nm></Cdtr></RltdPties></TxDtls>`;
}

async function parse(xml: string, options: ParseOptions = {}): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  for await (const record of parseString(xml, { ...options, onIssue: (issue) => issues.push(issue) }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

/** The rows `stmt convert --split-batches` writes for the statement. */
async function splitRows(xml: string, options: ParseOptions = {}): Promise<StatementRow[]> {
  const { entries } = await parse(xml, options);
  return entries.flatMap((entry) => entryToRows(entry, { splitBatches: true }));
}

const columns = (rows: StatementRow[], ...names: (keyof StatementRow)[]): string[][] =>
  rows.map((row) => names.map((name) => row[name]));

const detailsMismatch = (issues: ParseIssue[]): ParseIssue[] =>
  issues.filter((issue) => /transaction details of this <Ntry> add up to/.test(issue.message));

describe('--split-batches: a batch entry whose details do not add up stays one row', () => {
  it('keeps a 15000.00 CHF debit whose details are 6000.00 and 5000.00 on one row, as without --split-batches', async () => {
    const xml = camt053(
      '08',
      'CHF',
      ntry('15000.00', 'CHF', 'DBIT', [txDtls('6000.00', 'CHF', 'One'), txDtls('5000.00', 'CHF', 'Two')]),
    );
    const { entries, issues } = await parse(xml);
    // The parser has already told the user; the rows must still reconcile with the balances.
    expect(detailsMismatch(issues)).toHaveLength(1);
    const [entry] = entries as [Entry];
    const split = entryToRows(entry, { splitBatches: true });
    expect(columns(split, 'amount', 'currency', 'account_servicer_reference')).toEqual([
      ['-15000.00', 'CHF', 'ENTRY-REF'],
    ]);
    expect(split).toEqual(entryToRows(entry));
  });

  it('still splits a batch whose details add up, each detail signed by its own direction', async () => {
    const rows = await splitRows(
      camt053(
        '08',
        'CHF',
        ntry('15000.00', 'CHF', 'DBIT', [
          txDtls('6000.00', 'CHF', 'One'),
          txDtls('9500.0', 'CHF', 'Two'),
          txDtls('500', 'CHF', 'Refund', 'CRDT'),
        ]),
      ),
    );
    expect(columns(rows, 'amount', 'currency', 'counterparty_name')).toEqual([
      ['-6000.00', 'CHF', 'One'],
      ['-9500.0', 'CHF', 'Two'],
      ['500', 'CHF', ''],
    ]);
  });

  it('keeps on one row a batch whose details reach the entry only with its charges, which split rows would leave out', async () => {
    const charges = '<Chrgs><Rcrd><Amt Ccy="CHF">10.00</Amt></Rcrd></Chrgs>';
    const xml = camt053(
      '08',
      'CHF',
      ntry('15000.00', 'CHF', 'DBIT', [txDtls('6000.00', 'CHF', 'One'), txDtls('8990.00', 'CHF', 'Two')], charges),
    );
    const { issues } = await parse(xml);
    expect(detailsMismatch(issues)).toEqual([]);
    expect(columns(await splitRows(xml), 'amount')).toEqual([['-15000.00']]);
  });

  it('keeps a batch on one row when one of its details has no amount of its own', async () => {
    const noAmount = txDtls('0', 'CHF', 'Two').replace(/<Amt Ccy="CHF">0<\/Amt>/, '');
    const rows = await splitRows(
      camt053('08', 'CHF', ntry('15000.00', 'CHF', 'DBIT', [txDtls('6000.00', 'CHF', 'One'), noAmount])),
    );
    expect(columns(rows, 'amount', 'currency')).toEqual([['-15000.00', 'CHF']]);
  });
});

describe('--split-batches: a detail amount in another currency is not the row amount', () => {
  const sek = (details: string[]): string => camt053('02', 'SEK', ntry('550.00', 'SEK', 'DBIT', details));

  it('keeps a 550.00 SEK entry whose details give only EUR transaction amounts on one SEK row', async () => {
    const rows = await splitRows(sek([txAmtDtls('30.00', 'EUR', 'One'), txAmtDtls('20.00', 'EUR', 'Two')]));
    expect(columns(rows, 'amount', 'currency', 'original_amount', 'original_currency')).toEqual([
      ['-550.00', 'SEK', '', ''],
    ]);
  });

  it('gives a single-detail entry the entry amount and the foreign transaction amount as original amount', async () => {
    const rows = await splitRows(sek([txAmtDtls('30.00', 'EUR', 'One')]));
    expect(columns(rows, 'amount', 'currency', 'original_amount', 'original_currency', 'counterparty_name')).toEqual([
      ['-550.00', 'SEK', '-30.00', 'EUR', 'One'],
    ]);
  });

  it('leaves the amount of a detail read in parts empty when it is in another currency, keeping it as original amount', async () => {
    // With a tiny --max-entry-details the entry's details come in parts, one row per detail.
    const rows = await splitRows(sek([txAmtDtls('30.00', 'EUR', 'One'), txAmtDtls('20.00', 'EUR', 'Two')]), {
      streamEntryDetails: true,
      maxEntryDetails: 1,
    });
    expect(columns(rows, 'amount', 'currency', 'original_amount', 'original_currency')).toEqual([
      ['', 'SEK', '-30.00', 'EUR'],
      ['', 'SEK', '-20.00', 'EUR'],
    ]);
  });
});

describe('bank_transaction_code of a row from one transaction detail', () => {
  const structuredAndProprietary =
    '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>N654</Cd><Issr>BANK</Issr></Prtry></BkTxCd>';

  it('prefers the entry’s structured code to the detail’s proprietary one', async () => {
    const detail = txDtls('120.00', 'CHF', 'One', 'CRDT').replace(
      '</TxDtls>',
      '<BkTxCd><Prtry><Cd>N654</Cd></Prtry></BkTxCd></TxDtls>',
    );
    const xml = camt053('08', 'CHF', ntry('120.00', 'CHF', 'CRDT', [detail], structuredAndProprietary));
    const { entries } = await parse(xml);
    const [entry] = entries as [Entry];
    expect([entry.bankTransactionCode, entry.details[0]?.bankTransactionCode]).toEqual(['PMNT-RCDT-ESCT', 'N654']);
    for (const rows of [entryToRows(entry), entryToRows(entry, { splitBatches: true })])
      expect(columns(rows, 'bank_transaction_code', 'counterparty_name', 'amount')).toEqual([
        ['PMNT-RCDT-ESCT', '', '120.00'],
      ]);
  });

  it('takes a structured code from the detail, else the entry, else a proprietary code from the detail, else the entry', () => {
    const code = (detailCode: string | undefined, entryCode: string | undefined): string | undefined => {
      const entry = bookedEntry({ details: [detailCode === undefined ? {} : { bankTransactionCode: detailCode }] });
      if (entryCode === undefined) delete entry.bankTransactionCode;
      else entry.bankTransactionCode = entryCode;
      return entryToRows(entry)[0]?.bank_transaction_code;
    };
    expect(code('PMNT-ICDT-ESCT', 'PMNT-RCDT-ESCT')).toBe('PMNT-ICDT-ESCT');
    expect(code('N654', 'PMNT-RCDT-ESCT')).toBe('PMNT-RCDT-ESCT');
    expect(code('PMNT-ICDT-ESCT', 'N654')).toBe('PMNT-ICDT-ESCT');
    expect(code('N654', 'NTRF')).toBe('N654');
    expect(code(undefined, 'NTRF')).toBe('NTRF');
    expect(code('N654', undefined)).toBe('N654');
    expect(code(undefined, undefined)).toBe('');
    // A proprietary code is not taken for a structured one because it holds dashes.
    expect(code('NMSC+201', 'PMNT-RCDT-ESCT')).toBe('PMNT-RCDT-ESCT');
    expect(code('SEPA-CREDIT-TRANSFER', 'PMNT-RCDT-ESCT')).toBe('PMNT-RCDT-ESCT');
  });
});
