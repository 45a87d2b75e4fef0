import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertFile, IssueTally, LOGGED_ISSUES_PER_KIND, resolveInput, type ConvertLogger } from '@stmt/convert';
import { scratchFolder } from '@fin/test-utils';

/** A camt.053 of `count` statements without account or balances: each raises the same two warnings. */
function bareStatements(count: number): string {
  const statements = Array.from(
    { length: count },
    (_, i) =>
      `<Stmt><Id>S${i}</Id><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt></Ntry></Stmt>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>${statements.join('')}</BkToCstmrStmt></Document>`;
}

describe('IssueTally', () => {
  it('admits the first issues of each severity and code and counts the rest', () => {
    const tally = new IssueTally(2);
    const admitted = [
      { severity: 'warning', code: 'A' },
      { severity: 'warning', code: 'A' },
      { severity: 'note', code: 'A' },
      { severity: 'warning', code: 'A' },
      { severity: 'warning', code: 'B' },
      { severity: 'warning', code: 'A' },
    ].map((issue) => tally.admit(issue as { severity: 'warning' | 'note'; code: string }));
    expect(admitted).toEqual([true, true, true, false, true, false]);
    expect(tally.omitted()).toEqual([{ severity: 'warning', code: 'A', count: 2 }]);
  });
});

describe('a conversion with many warnings of one kind', () => {
  const dir = scratchFolder('stmt-issue-tally-');

  it('logs the first of each code, then one line with how many more, and counts them all', async () => {
    const input = join(dir(), 'bare.xml');
    writeFileSync(input, bareStatements(50));
    const warnings: { message: string; fields: Record<string, unknown> | undefined }[] = [];
    const logger: ConvertLogger = {
      error: () => undefined,
      info: () => undefined,
      warn: (message, fields) => void warnings.push({ message, fields }),
    };
    const result = await convertFile({ input: await resolveInput(input), output: join(dir(), 'out.csv'), logger });
    expect(result.rows).toBe(50);
    const byCode = new Map<unknown, number>();
    for (const { fields } of warnings) byCode.set(fields?.['code'], (byCode.get(fields?.['code']) ?? 0) + 1);
    // Each statement lacks its account and its balances: 50 of each kind, 20 logged, one closing line.
    expect([...byCode.values()].every((count) => count === LOGGED_ISSUES_PER_KIND + 1)).toBe(true);
    const closing = warnings.filter(({ fields }) => fields?.['omitted'] !== undefined);
    expect(closing.length).toBeGreaterThan(0);
    for (const { message, fields } of closing) {
      expect(fields).toMatchObject({ file: input, severity: 'warning' });
      expect(message).toContain(`${fields?.['omitted'] as number} more warning(s) ${fields?.['code'] as string}`);
    }
    const omitted = closing.reduce((sum, { fields }) => sum + (fields?.['omitted'] as number), 0);
    expect(result.issues?.warnings).toBe(warnings.length - closing.length + omitted);
  });
});
