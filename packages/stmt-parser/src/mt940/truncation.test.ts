import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, chunked } from '../../test/support/outcome';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'mt940');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));
const outcome = (bytes: Buffer | string) => collect(chunked(Buffer.from(bytes), 7), { fileName: 'cut.sta' });

describe('MT940/MT942 truncation is an error with the place of the cut', () => {
  const complete =
    ':20:A\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR10,00\n:61:240101D2,50NTRFNONREF\n:86:Miete Januar\n:62F:C240101EUR7,50\n-\n';

  it('accepts the complete message', async () => {
    const result = await outcome(complete);
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([]);
  });

  it('refuses a file cut inside a :86: line, at the end of the file', async () => {
    const cut = complete.slice(0, complete.indexOf('Januar') + 3);
    const result = await outcome(cut);
    expect(result.issues.map((i) => i.code)).toContain('TRUNCATED');
    const truncated = result.issues.find((i) => i.code === 'TRUNCATED');
    expect(truncated?.location).toMatchObject({ file: 'cut.sta', line: 6, column: 14 });
    expect(truncated?.message).toMatch(/closing balance :62F:/);
  });

  it('refuses a file that ends right after a tag name', async () => {
    const cut = complete.slice(0, complete.indexOf(':62F:') + 5);
    const result = await outcome(cut);
    expect(result.issues[0]).toMatchObject({ code: 'TRUNCATED', location: { line: 7, column: 6 } });
    expect(result.issues[0]?.message).toMatch(/right after the tag ":62F:"/);
  });

  it('refuses a file cut inside the next message’s {1:…}{2:… header after a complete statement', async () => {
    const bytes = fixture('swiss-postfinance.sta');
    const second = bytes.indexOf('{1:', 10);
    const result = await outcome(bytes.subarray(0, second + 40));
    const truncated = result.issues.find((i) => i.code === 'TRUNCATED');
    expect(truncated?.message).toMatch(/inside the header \{1:…\}\{2:… of a message \(line 12\)/);
    expect(result.records.filter((r) => r.kind === 'statement-end')).toHaveLength(1);
  });

  it('refuses a FIN message whose -} was cut to -', async () => {
    const bytes = fixture('german-sepa.sta');
    const result = await outcome(bytes.subarray(0, bytes.lastIndexOf('-}') + 1));
    expect(result.issues.filter((i) => i.severity === 'error').map((i) => i.code)).toEqual(['TRUNCATED']);
  });

  it('refuses the header lines of another bank message with nothing after them', async () => {
    const bytes = fixture('dutch-abnamro.sta');
    const second = bytes.indexOf('ABNANL2A', 20);
    const result = await outcome(bytes.subarray(0, second + 12));
    expect(result.issues.find((i) => i.code === 'TRUNCATED')?.message).toMatch(/begins another message/);
  });

  it('refuses a bank envelope (sender BIC, message type) after a complete statement without a separator, with nothing after it', async () => {
    const bare = complete.replace('-\n', '');
    expect(
      await outcome(
        `${bare}ABNANL2A\n940\n:20:B\n:25:DE89370400440532013000\n:28C:2/1\n:60F:C240101EUR7,50\n:62F:C240101EUR7,50\n`,
      ).then((r) => r.error),
    ).toBeNull();
    const result = await outcome(`${bare}ABNANL2A\n940\n`);
    const truncated = result.issues.find((i) => i.code === 'TRUNCATED');
    expect(truncated).toMatchObject({
      severity: 'error',
      message: expect.stringMatching(/after line 8, which begins another message/),
    });
  });

  it('refuses an MT942 report without its end-of-message line', async () => {
    const bytes = fixture('mt942-interim.sta');
    const result = await outcome(bytes.subarray(0, bytes.indexOf(':90C:')));
    expect(result.issues.map((i) => i.code)).toContain('TRUNCATED');
  });

  it('warns that a closing balance that no longer reconciles on a last line without line break may be cut', async () => {
    const cut = complete.slice(0, complete.indexOf('7,50') + 2);
    const result = await outcome(cut);
    expect(result.issues.map((i) => [i.code, i.severity])).toEqual([
      ['UNRECONCILED_BALANCE', 'error'],
      ['TRUNCATED', 'warning'],
    ]);
    expect(result.issues[1]?.message).toMatch(/closing balance may have been cut off/);
  });
});
