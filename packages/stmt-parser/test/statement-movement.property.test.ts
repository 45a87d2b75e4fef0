import fc from 'fast-check';
import { Decimal, parseString, type Entry, type ParseIssue, type Statement } from '@stmt/parser';
import {
  closingBalance,
  formatUnits,
  renderCamt053,
  type GeneratedEntry,
  type GeneratedStatement,
} from './support/render-camt';

const entryArb: fc.Arbitrary<GeneratedEntry> = fc.record({
  units: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  scale: fc.integer({ min: 0, max: 5 }),
  creditDebit: fc.constantFrom('CRDT' as const, 'DBIT' as const),
  status: fc.constantFrom('BOOK' as const, 'BOOK' as const, 'BOOK' as const, 'PDNG' as const, 'INFO' as const),
});

const statementArb: fc.Arbitrary<GeneratedStatement> = fc.record({
  currency: fc.constantFrom('EUR', 'USD', 'JPY', 'CHF'),
  opening: fc.record({
    units: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
    scale: fc.integer({ min: 0, max: 3 }),
  }),
  entries: fc.array(entryArb, { maxLength: 25 }),
});

async function parse(
  xml: string,
): Promise<{ entries: Entry[]; statement: Statement | undefined; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const entries: Entry[] = [];
  let statement: Statement | undefined;
  for await (const record of parseString(xml, { onIssue: (issue) => issues.push(issue) })) {
    if (record.kind === 'entry') entries.push(record.entry);
    if (record.kind === 'statement-end') statement = record.statement;
  }
  return { entries, statement, issues };
}

function signedBalance(statement: Statement, type: string): Decimal {
  const balance = statement.balances.find((b) => b.type === type);
  if (!balance) throw new Error(`no ${type} balance`);
  return balance.creditDebit === 'DBIT' ? balance.money.amount.negated() : balance.money.amount;
}

describe('a generated statement parses back exactly', () => {
  it('booked rows add up to closing − opening, and the statement reconciles', async () => {
    await fc.assert(
      fc.asyncProperty(statementArb, async (generated) => {
        const { entries, statement, issues } = await parse(renderCamt053(generated));
        expect(issues).toEqual([]);
        if (!statement) throw new Error('no statement-end record');
        const movement = entries
          .filter((e) => e.status === 'BOOK')
          .reduce(
            (sum, e) => (e.creditDebit === 'CRDT' ? sum.plus(e.money.amount) : sum.minus(e.money.amount)),
            Decimal.zero(),
          );
        expect(signedBalance(statement, 'OPBD').plus(movement).eq(signedBalance(statement, 'CLBD'))).toBe(true);
        expect(statement.entryCount).toBe(generated.entries.length);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps every amount exactly as written, scale included', async () => {
    await fc.assert(
      fc.asyncProperty(statementArb, async (generated) => {
        const { entries } = await parse(renderCamt053(generated));
        expect(entries.map((e) => e.money.amount.toString())).toEqual(
          generated.entries.map((e) => formatUnits(e.units, e.scale)),
        );
        expect(entries.map((e) => e.money.amount.scale)).toEqual(generated.entries.map((e) => e.scale));
      }),
      { numRuns: 60 },
    );
  });

  it('reports UNRECONCILED_BALANCE when the closing balance is off by one unit', async () => {
    await fc.assert(
      fc.asyncProperty(statementArb, fc.constantFrom(1n, -1n), async (generated, delta) => {
        const right = closingBalance(generated);
        const { issues } = await parse(renderCamt053(generated, { units: right.units + delta, scale: right.scale }));
        expect(issues.map((i) => i.code)).toEqual(['UNRECONCILED_BALANCE']);
        expect(issues[0]?.location.path).toBe('Document/BkToCstmrStmt/Stmt[1]/Bal[2]');
      }),
      { numRuns: 40 },
    );
  });
});
