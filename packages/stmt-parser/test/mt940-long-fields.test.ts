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
