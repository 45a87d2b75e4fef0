import { readRecords } from './support/read-records';

// A `:86:` under the 1 MiB field limit but of 200,000 one-character lines (hostile-input sweep):
// its lines were appended with one spread call, which overflowed the stack ("Maximum call stack
// size exceeded", exit 1) from about 130,000 lines.
describe('MT940 :86: of very many short lines', () => {
  it('reads the entry and its whole text', async () => {
    const lines = 200_000;
    const text = `:20:S\n:25:DE89370400440532013000\n:60F:C240101EUR0,00\n:61:240102C1,00NTRFNONREF\n:86:X\n${'Y\n'.repeat(lines)}:62F:C240102EUR1,00\n-\n`;
    const read = await readRecords(text);
    expect(read.entries).toHaveLength(1);
    const remittance = read.entries[0]?.details[0]?.remittanceInfo ?? read.entries[0]?.additionalInfo ?? '';
    expect(remittance.split('Y').length - 1).toBe(lines);
  });
});

// Hostile-input sweep: a statement without an opening balance and with more than 10,000 entries
// was refused as if no currency were anywhere, though its closing balance gives one; the error
// now says that it waited for it that far.
describe('MT940 statement whose currency comes only after its entries', () => {
  const statement = (entries: number): string =>
    `:20:S\n:25:12345678\n${':61:240102C1,00NTRFNONREF\n:86:X\n'.repeat(entries)}:62F:C240102EUR${entries},00\n-\n`;

  it('reads 1,000 entries in the closing balance currency', async () => {
    const read = await readRecords(statement(1000));
    expect(read.entries).toHaveLength(1000);
    expect(read.entries[0]?.money.currency).toBe('EUR');
  });

  it('names the limit when it waited 10,000 entries for it', async () => {
    const read = await readRecords(statement(10_001));
    const error = read.issues.find((issue) => issue.severity === 'error');
    expect(error?.message).toMatch(/the account currency is unknown before its first 10,000 entries/);
  });
});
