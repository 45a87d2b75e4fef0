import { parseString, type Entry, type ParseIssue, type Statement, type StatementRecord } from '@stmt/parser';

/** Everything one parse gives: records, issues, and the error that ended it (if any). */
async function read(
  text: string,
  options: { strict?: boolean } = {},
): Promise<{ entries: Entry[]; statements: Statement[]; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const records: StatementRecord[] = [];
  for await (const record of parseString(text, {
    fileName: 'bank.sta',
    onIssue: (issue) => issues.push(issue),
    ...options,
  }))
    records.push(record);
  return {
    entries: records.flatMap((r) => (r.kind === 'entry' ? [r.entry] : [])),
    statements: records.flatMap((r) => (r.kind === 'statement-end' ? [r.statement] : [])),
    issues,
  };
}

const severities = (issues: ParseIssue[]): string[] => issues.map((issue) => issue.severity);

describe('MT940 dialects: read with a warning, rows as a careful reader sees them', () => {
  it('reads a Knab-style amount without decimal comma and says where', async () => {
    const { entries, issues } = await read(
      ':20:K1\n:25:NL12KNAB0123456789\n:60F:C240101EUR0,00\n:61:240102C500NTRFREF\n:86:GIFT\n:62F:C240102EUR500,00\n-\n',
    );
    expect(entries.map((e) => [e.money.amount.toString(), e.creditDebit])).toEqual([['500', 'CRDT']]);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: { file: 'bank.sta', line: 4, column: 12, path: ':61:' },
      }),
    ]);
  });

  it('refuses the same file with strict', async () => {
    const { issues } = await read(
      ':20:K1\n:25:NL12KNAB0123456789\n:60F:C240101EUR0,00\n:61:240102C500NTRFREF\n:62F:C240102EUR500,00\n-\n',
      { strict: true },
    );
    expect(severities(issues)).toEqual(['error']);
  });

  it('reads an MT942 whose :34F: has no comma and which has no opening balance', async () => {
    const text =
      ':20:I1\n:25:PL61109010140000071219812874\n:28C:1\n:34F:PLN0\n:13D:2401021530+0100\n:61:240102D12,00NTRFX\n:86:RENT\n:90D:1PLN12,00\n:90C:0PLN0,\n-\n';
    const { entries, issues, statements } = await read(text);
    expect(entries.map((e) => e.money.currency)).toEqual(['PLN']);
    expect(statements[0]?.format).toBe('mt942');
    expect(issues.map((i) => [i.severity, i.location.path])).toEqual([['warning', ':34F:']]);
  });

  it('takes the MT942 currency from :90D:/:90C: when there is no :34F:, holding the entries until then', async () => {
    const text =
      ':20:I2\n:25:DE89370400440532013000\n:13D:2401021530+0100\n:61:240102D12,00NTRFX\n:61:240102C3,00NTRFY\n:90D:1EUR12,00\n:90C:1EUR3,00\n-\n';
    const { entries, issues } = await read(text);
    expect(entries.map((e) => `${e.index} ${e.money.currency} ${e.money.amount.toString()}`)).toEqual([
      '0 EUR 12.00',
      '1 EUR 3.00',
    ]);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'warning', location: expect.objectContaining({ path: ':90D:' }) }),
    ]);
  });

  it('still refuses entries whose currency is known nowhere, once', async () => {
    const { issues } = await read(
      ':20:I3\n:25:DE89370400440532013000\n:13D:2401021530+0100\n:61:240102D12,00NTRFX\n:61:240102D1,00NTRFX\n-\n',
    );
    expect(issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([
      expect.stringMatching(/currency is unknown/),
    ]);
  });

  it('reads :62M:/:60M: pages with a missing or odd currency in the statement currency, and names the balances as they are', async () => {
    const text =
      ':20:P1\n:25:DE89370400440532013000\n:60F:C240101EUR100,00\n:61:240102D10,00NTRFX\n:62M:C240102   90,00\n-\n:20:P2\n:25:DE89370400440532013000\n:60M:C240102EUR90,00\n:61:240103D5,00NTRFX\n:62F:C240103EUR80,00\n-\n';
    const { statements, issues } = await read(text);
    expect(statements[0]?.balances.map((b) => `${b.type} ${b.money.currency} ${b.money.amount.toString()}`)).toEqual([
      'OPBD EUR 100.00',
      'ITBD EUR 90.00',
    ]);
    expect(issues[0]).toMatchObject({ severity: 'warning', location: { line: 5, column: 13, path: ':62M:' } });
    const unreconciled = issues.find((i) => i.code === 'UNRECONCILED_BALANCE');
    expect(unreconciled?.message).toMatch(
      /opening :60M: \(intermediate\) 90\.00 .* closing :62F: \(final\) balance is 80\.00/,
    );
  });

  it('continues a statement after a "-" separator that is followed by :61: without a new :20:', async () => {
    const text =
      ':20:S1\n:25:DE89370400440532013000\n:60F:C240101EUR100,00\n:61:240102D10,00NTRFX\n-\n:61:240103D5,00NTRFY\n:62F:C240103EUR85,00\n-\n:20:S2\n:25:DE89370400440532013000\n:60F:C240103EUR85,00\n:62F:C240103EUR85,00\n-\n';
    const { statements, issues, entries } = await read(text);
    expect(statements.map((s) => [s.statementId, s.entryCount])).toEqual([
      ['S1', 2],
      ['S2', 0],
    ]);
    expect(entries.map((e) => e.statementId)).toEqual(['S1', 'S1']);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/separator on line 5/),
        location: expect.objectContaining({ line: 6, path: ':61:' }),
      }),
    ]);
  });

  it('skips ABN-style envelope lines between statements without a separator, and reads :86: after :NS:', async () => {
    const text =
      'ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:517852257\n:60F:C240101EUR10,00\n:61:240102D1,00N426NONREF\n:NS:22 0001\n:86:COFFEE SHOP\n:62F:C240102EUR9,00\nABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:517852257\n:60F:C240102EUR9,00\n:62F:C240102EUR9,00\n-\n';
    const { statements, issues, entries } = await read(text);
    expect(statements).toHaveLength(2);
    expect(entries[0]?.details[0]?.remittanceInfo).toBe('COFFEE SHOP');
    expect(issues).toEqual([]);
  });

  it('keeps envelope-looking lines that are the text of a :86: field', async () => {
    const text =
      ':20:T1\n:25:517852257\n:60F:C240101EUR10,00\n:61:240102D1,00NTRFNONREF\n:86:PAID TO\nRABONL2U\nFOR SERVICE\n:62F:C240102EUR9,00\n-\n';
    const { entries } = await read(text);
    expect(entries[0]?.details[0]?.remittanceInfo).toBe('PAID TO RABONL2U FOR SERVICE');
  });

  it('never reads digits of the amount as a currency', async () => {
    const text = ':20:P3\n:25:DE89370400440532013000\n:60F:C240101EUR100,00\n:62M:C240102EU100,00\n-\n';
    const { statements, issues } = await read(text);
    expect(statements[0]?.balances.map((b) => `${b.money.currency} ${b.money.amount.toString()}`)).toEqual([
      'EUR 100.00',
      'EUR 100.00',
    ]);
    expect(issues[0]?.message).toMatch(/currency "EU"/);
  });

  it('does not hold more than 10 000 entries waiting for a currency', async () => {
    const lines = Array.from({ length: 10_001 }, () => ':61:240102D1,00NTRFX\n').join('');
    const seen: number[] = [];
    const issues: ParseIssue[] = [];
    let entries = 0;
    for await (const record of parseString(
      `:20:BIG\n:25:DE89370400440532013000\n:13D:2401021530+0100\n${lines}:90D:10001EUR10001,00\n-\n`,
      { onIssue: (issue) => issues.push(issue) },
    )) {
      if (record.kind === 'entry') entries++;
      if (issues.length > 0 && seen.length === 0) seen.push(entries);
    }
    expect(issues.find((i) => i.severity === 'error')?.message).toMatch(/currency is unknown/);
    expect(seen[0]).toBeLessThanOrEqual(10_000);
    expect(entries).toBe(10_001);
  });
});
