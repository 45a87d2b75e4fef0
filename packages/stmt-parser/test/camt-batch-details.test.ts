import { chunked, collect } from './support/outcome';
import { oneEntryStatement } from './support/camt-statement';
import { brief } from './support/issues';

/** A booked DBIT batch entry of 300.00 EUR, with the given transaction details. */
function batch(details: string, charges = ''): string {
  return oneEntryStatement(
    `<Amt Ccy="EUR">300.00</Amt>\n<CdtDbtInd>DBIT</CdtDbtInd>\n<Sts>BOOK</Sts>\n<BookgDt><Dt>2024-03-01</Dt></BookgDt>\n${charges}<NtryDtls>\n${details}\n</NtryDtls>`,
  );
}

const tx = (amount: string, currency = 'EUR', direction = 'DBIT'): string =>
  `<TxDtls><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd></TxDtls>`;

async function issuesOf(xml: string): Promise<ReturnType<typeof brief>[]> {
  const outcome = await collect(chunked(Buffer.from(xml), 4096), { fileName: 'f.xml' });
  expect(outcome.error).toBeNull();
  return outcome.issues.filter((issue) => !/no reconciliation possible/.test(issue.message)).map(brief);
}

describe('transaction details of a batch entry', () => {
  it('are read without a word when they add up to the entry, with or without its charges', async () => {
    expect(await issuesOf(batch(tx('100.00') + tx('200.00')))).toEqual([]);
    expect(
      await issuesOf(batch(tx('100.00') + tx('198.00'), '<Chrgs><Rcrd><Amt Ccy="EUR">2.00</Amt></Rcrd></Chrgs>')),
    ).toEqual([]);
    // Another currency, or a detail without an amount: nothing to compare.
    expect(await issuesOf(batch(tx('3.10', 'CHF') + tx('3.20', 'CHF')))).toEqual([]);
    expect(await issuesOf(batch(tx('100.00') + '<TxDtls><Refs><EndToEndId>E</EndToEndId></Refs></TxDtls>'))).toEqual(
      [],
    );
  });

  it('give a warning at the entry when they do not add up to it', async () => {
    const issues = await issuesOf(batch(tx('150000.00') + tx('1000.00')));
    expect(issues).toEqual([['warning', 'INVALID_VALUE', 8, 1, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls']]);
    // A detail in the other direction counts against the entry.
    expect(await issuesOf(batch(tx('400.00') + tx('100.00', 'EUR', 'CRDT')))).toEqual([]);
    expect(await issuesOf(batch(tx('100.00') + tx('200.00', 'EUR', 'CRDT')))).toHaveLength(1);
  });
});
