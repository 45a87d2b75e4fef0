import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect } from '../../test/support/outcome';

const bytes = readFileSync(join(__dirname, '..', '..', 'test', 'fixtures', 'csv', 'revolut.csv'));
const outcome = (cut: Buffer) => collect(chunked(cut, 5), { fileName: 'revolut.csv' });

describe('bank CSV truncation', () => {
  it('refuses a file cut in the middle of a row, at that row', async () => {
    const third = bytes.indexOf('\n', bytes.indexOf('\n', bytes.indexOf('\n') + 1) + 1);
    const result = await outcome(bytes.subarray(0, third - 30));
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'TRUNCATED',
        severity: 'error',
        location: { file: 'revolut.csv', line: 3, column: 1 },
      }),
    ]);
  });

  it('refuses a file cut inside a quoted field', async () => {
    const text = `${bytes.toString('utf8').split('\n')[0]}\nCARD_PAYMENT,Current,2024-03-02 12:30:00,2024-03-03 08:12:44,"Café, de`;
    const result = await outcome(Buffer.from(text));
    expect(result.error).toMatchObject({ code: 'TRUNCATED', location: { line: 2, column: 62 } });
  });

  it('warns when the last row has no line break after it', async () => {
    const result = await outcome(bytes.subarray(0, bytes.length - 1));
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ code: 'TRUNCATED', severity: 'warning' })]);
  });

  it('refuses a row with a field too many', async () => {
    const lines = bytes.toString('utf8').split('\n');
    lines[2] = `${lines[2]},extra`;
    const result = await outcome(Buffer.from(lines.join('\n')));
    expect(result.issues[0]).toMatchObject({ code: 'INVALID_VALUE', location: { line: 3 } });
  });

  it('refuses a last balance cut short also when pending rows above it have none', async () => {
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    // A pending row (no balance yet), then the last row cut inside its balance: 330.60 → 330.6
    lines.splice(2, 0, 'CARD_PAYMENT,Current,2024-03-02 13:00:00,,Bakery,-3.20,0.00,EUR,PENDING,');
    const cut = `${lines.join('\n')}`.slice(0, -1);
    const result = await outcome(Buffer.from(cut));
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: 'TRUNCATED',
        severity: 'error',
        message: expect.stringMatching(/has 1 decimal, while every amount above it has 2/),
      }),
    );
  });
});
