import fc from 'fast-check';
import { parseString, type ParseIssue, type StatementRecord } from '@stmt/parser';

/** A statement as plain numbers, rendered to MT940 text by `render`. */
interface GeneratedEntry {
  cents: bigint;
  mark: 'C' | 'D' | 'RC' | 'RD';
  dayOffset: number;
  withEntryDate: boolean;
}

const entryArb = fc.record({
  cents: fc.bigInt({ min: 1n, max: 10_000_000_00n }),
  mark: fc.constantFrom('C' as const, 'D' as const, 'RC' as const, 'RD' as const),
  dayOffset: fc.integer({ min: -3, max: 3 }),
  withEntryDate: fc.boolean(),
});

function swiftAmount(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
}

function yymmdd(date: Date): string {
  return date.toISOString().slice(2, 10).replace(/-/g, '');
}

function balance(tag: string, cents: bigint, date: Date): string {
  return `:${tag}:${cents < 0n ? 'D' : 'C'}${yymmdd(date)}EUR${swiftAmount(cents)}`;
}

/** Credits are C and RD (a reversed debit); debits D and RC. */
function signedCents(entry: GeneratedEntry): bigint {
  return entry.mark === 'C' || entry.mark === 'RD' ? entry.cents : -entry.cents;
}

function render(opening: bigint, entries: GeneratedEntry[], base: Date, crlf: boolean): string {
  const closing = entries.reduce((sum, e) => sum + signedCents(e), opening);
  const lines = [':20:PROP', ':25:DE89370400440532013000', ':28C:1/1', balance('60F', opening, base)];
  entries.forEach((entry, i) => {
    const value = new Date(base.getTime() + entry.dayOffset * 86_400_000);
    const entryDate = entry.withEntryDate ? yymmdd(new Date(value.getTime() + 86_400_000)).slice(2) : '';
    lines.push(
      `:61:${yymmdd(value)}${entryDate}${entry.mark}${swiftAmount(entry.cents)}NTRFREF${i}//B${i}`,
      `:86:Entry ${i}`,
    );
  });
  lines.push(balance('62F', closing, base), '-');
  return lines.join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
}

describe('MT940 round trip', () => {
  it('parses rendered statements back into entries that reconcile with the balances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n }),
        fc.array(entryArb, { maxLength: 25 }),
        fc.date({ min: new Date('1990-01-05'), max: new Date('2070-12-25'), noInvalidDate: true }),
        fc.boolean(),
        async (opening, entries, base, crlf) => {
          const issues: ParseIssue[] = [];
          const records: StatementRecord[] = [];
          for await (const record of parseString(render(opening, entries, base, crlf), {
            onIssue: (i) => issues.push(i),
          }))
            records.push(record);
          expect(issues).toEqual([]);
          const parsed = records.flatMap((r) => (r.kind === 'entry' ? [r.entry] : []));
          expect(parsed.map((e) => [e.money.amount.toString(), e.creditDebit, e.reversal, e.entryReference])).toEqual(
            entries.map((e, i) => [
              swiftAmount(e.cents).replace(',', '.'),
              signedCents(e) > 0n ? 'CRDT' : 'DBIT',
              e.mark.startsWith('R'),
              `REF${i}`,
            ]),
          );
          const end = records[records.length - 1];
          expect(end?.kind === 'statement-end' && end.statement.entryCount).toBe(entries.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
