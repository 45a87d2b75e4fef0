import type { Entry } from '@stmt/parser';
import { collect, chunked } from '../../test/support/outcome';

const outcome = (text: string) => collect(chunked(Buffer.from(text), 7), { fileName: 'ing.sta' });
const entries = (records: { kind: string }[]): Entry[] =>
  records.flatMap((record) => (record.kind === 'entry' ? [(record as unknown as { entry: Entry }).entry] : []));

/** ING NL layout: `:86:` wrapped at a fixed width, which can leave the `-` of `MND-EV01` alone on a line. */
const statement = (id: string, tail = '-\n'): string =>
  `:20:${id}\n:25:NL77INGB0123456789EUR\n:28C:1\n:60F:C140219EUR662,23\n` +
  ':61:1402200220D1,14NDDTNONREF\n' +
  ':86:/EREF/EV123REP123412T1234//MARF/MND\n' +
  '-\n' +
  'EV01//CSID/NL32ZZZ999999991234//CNTP/NL32INGB0000012345/INGBNL2A/ING Bank N.V. inzake WeB//REMI/USTD//EV123REP123412T1234/\n' +
  `:62F:C140220EUR661,09\n${tail}`;

describe('MT940 text wrapped around a line holding only "-"', () => {
  it('reads the "-" as text of the :86: when its text goes on, with a warning at the line', async () => {
    const result = await outcome(statement('A'));
    expect(result.error).toBeNull();
    const [detail] = entries(result.records)[0]?.details ?? [];
    expect(detail?.creditor?.name).toBe('ING Bank N.V. inzake WeB');
    expect(detail?.mandateId).toBe('MND-EV01');
    expect(result.issues).toMatchObject([
      { code: 'INVALID_VALUE', severity: 'warning', location: { file: 'ing.sta', line: 7, path: ':86:' } },
    ]);
  });

  it('still ends the message at a "-" line followed by the next message, a blank line or the end', async () => {
    const plain = (id: string, tail: string): string =>
      `:20:${id}\n:25:NL77INGB0123456789EUR\n:28C:1\n:60F:C140219EUR10,00\n:61:1402200220D1,00NDDTNONREF\n:86:Huur\n:62F:C140220EUR9,00\n${tail}`;
    for (const text of [
      `${plain('A', '-\n')}${plain('B', '-\n')}`,
      plain('A', '-\n\n'),
      plain('A', '-'),
      ':20:A\n:25:NL77INGB0123456789EUR\n:28C:1\n:60F:C140219EUR10,00\n:61:1402200220D1,00NDDTNONREF\n:86:Huur\n-\n:20:B\n:25:NL77INGB0123456789EUR\n:28C:2\n:60F:C140219EUR9,00\n:62F:C140220EUR9,00\n-\n',
    ]) {
      const result = await outcome(text);
      expect(result.error).toBeNull();
      expect(result.issues.filter((issue) => /only "-"/.test(issue.message))).toEqual([]);
      expect(result.records.filter((record) => record.kind === 'statement-end')).toHaveLength(
        text.includes(':20:B') ? 2 : 1,
      );
    }
  });
});

describe('MT940 cut inside free text', () => {
  /** Raiffeisen Kärnten layout: statement information in a `:86:` after the closing balance, and no `-`. */
  const twoDays = (day: string, closing: string) =>
    `:20:STARTUMS\n:25:39358/1234567\n:28C:${day}/1\n:60F:C2002${day}EUR100,00\n` +
    `:61:2002${day}D10,00NMSCNONREF\n:86:999Miete Februar\n:62F:C2002${day}EUR${closing}\n` +
    ':86:Bitte beachten Sie: Einlagen sind erstattungsfähig.\n';

  it('warns when a file ends without a line break inside a :86: after the closing balance', async () => {
    const whole = `${twoDays('10', '90,00')}${twoDays('11', '80,00')}`.replace(
      '100,00\n:61:200211',
      '90,00\n:61:200211',
    );
    expect((await outcome(whole)).issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    const cut = whole.slice(0, whole.indexOf('erstattungs') + 5);
    const result = await outcome(cut);
    // The first statement is whole; a second one cut there would be missing: a warning, which --strict refuses.
    expect(entries(result.records)).toHaveLength(1);
    expect(result.issues.filter((issue) => issue.code === 'TRUNCATED')).toMatchObject([
      {
        severity: 'warning',
        message: expect.stringMatching(
          /ends inside the text of :86: \(line 8\) without a line break .* statements after it are missing/,
        ),
        location: { line: 8 },
      },
    ]);
    expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  });

  it('refuses a file that ends without a line break inside the supplementary details of :61:', async () => {
    const text =
      ':20:A\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR10,00\n:61:240101D2,50NTRFNONREF\nZahlung an Mu';
    const result = await outcome(text);
    expect(result.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.code)).toEqual([
      'TRUNCATED',
    ]);
  });

  it('reads the same text when the file ends with a line break', async () => {
    const result = await outcome(twoDays('10', '90,00'));
    expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  });
});
