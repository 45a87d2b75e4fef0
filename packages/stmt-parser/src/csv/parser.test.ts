import { detectFormat, parseStream, StatementParseError, type ParseIssue, type StatementRecord } from '@stmt/parser';

const HEADER = 'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance';

async function* once(text: string): AsyncIterable<Buffer> {
  yield Buffer.from(text, 'utf8');
}

async function parse(text: string, options = {}): Promise<{ records: StatementRecord[]; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const records: StatementRecord[] = [];
  for await (const record of parseStream(once(text), { ...options, onIssue: (i) => issues.push(i) }))
    records.push(record);
  return { records, issues };
}

describe('Revolut CSV', () => {
  it('is recognised by its exact header line', () => {
    expect(detectFormat(`\uFEFF${HEADER}\r\nTOPUP,Current`)).toBe('revolut-csv');
    expect(detectFormat('Completed Date;Description;Paid Out (EUR);Paid In (EUR)')).toBeUndefined();
  });

  it('makes the fee a charge and the entry what moved the balance', async () => {
    const { records, issues } = await parse(
      `${HEADER}\nATM,Current,2024-03-05 18:20:00,2024-03-05 18:20:01,Cash,-50.00,1.50,EUR,COMPLETED,48.50\n`,
    );
    expect(issues).toEqual([]);
    const entry = records.find((r) => r.kind === 'entry');
    expect(
      entry?.kind === 'entry' && [
        entry.entry.money.amount.toString(),
        entry.entry.creditDebit,
        entry.entry.charges.map((c) => c.amount.toString()),
      ],
    ).toEqual(['51.50', 'DBIT', ['1.50']]);
    const end = records.find((r) => r.kind === 'statement-end');
    expect(
      end?.kind === 'statement-end' && end.statement.balances.map((b) => `${b.type} ${b.money.amount.toString()}`),
    ).toEqual(['OPBD 100.00', 'CLBD 48.50']);
  });

  it('counts lines inside quoted fields when it points at a bad cell', async () => {
    const text = `${HEADER}\nTRANSFER,Current,2024-03-01 10:00:00,2024-03-01 10:00:00,"Rent\nMarch",-700.00,0.00,EUR,COMPLETED,300.00\nCARD_PAYMENT,Current,2024-03-02 10:00:00,2024-03-02 10:00:00,Shop,-x,0.00,EUR,COMPLETED,290.00\n`;
    const { issues } = await parse(text);
    expect(issues).toEqual([
      expect.objectContaining({ code: 'INVALID_AMOUNT', location: { line: 4, column: 67, path: 'Amount' } }),
    ]);
  });

  it('names missing columns when the format is forced on another CSV', async () => {
    try {
      for await (const _ of parseStream(once('Date,Amount\n2024-01-01,1.00\n'), { format: 'revolut-csv' })) {
        // drain
      }
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(StatementParseError);
      expect((error as StatementParseError).code).toBe('MISSING_ELEMENT');
      expect((error as StatementParseError).location).toMatchObject({ line: 1, column: 1 });
    }
  });
});
