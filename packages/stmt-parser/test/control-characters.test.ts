import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { positionIn, replaceControlCharacters } from '../src/control-characters';
import { readRecords, type Read } from './support/read-records';

const fixture = (...path: string[]): string => readFileSync(join(__dirname, 'fixtures', ...path), 'latin1');
/** ESC ] 0 ; … BEL retitles a terminal window: what a hostile file would hide in a name. */
const RETITLE = '\u001b]0;pwned\u0007';

const written = (read: Read): string => JSON.stringify(read.entries);
const warnings = (read: Read) => read.issues.filter((issue) => issue.code === 'INVALID_VALUE');

describe('control characters in a value are read as U+FFFD, with a warning at their place', () => {
  it('OFX: written as they are, or as character references', async () => {
    const ofx = fixture('ofx', 'bank-sgml.ofx')
      .replace('<NAME>ACME PAYROLL', `<NAME>ACME${RETITLE} PAYROLL`)
      .replace('<MEMO>Salary March', '<MEMO>Salary&#27;March');
    // The fixture is windows-1252 (its CHARSET): handed over as its bytes, so the parser decodes it.
    const read = await readRecords(Buffer.from(ofx, 'latin1'), 'x.ofx');
    expect(read.entries).toHaveLength(3);
    expect(written(read)).not.toMatch(/\\u001b|\\u0007/);
    expect(written(read)).toContain('ACME\ufffd]0;pwned\ufffd PAYROLL');
    expect(warnings(read)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message:
          '2 control characters (the first U+001B) in <NAME> are not text; read as U+FFFD (the replacement character)',
        location: expect.objectContaining({
          file: 'x.ofx',
          line: 33,
          column: 11,
          path: expect.stringMatching(/\/NAME$/),
        }),
      }),
      expect.objectContaining({
        message: 'the control character U+001B in <MEMO> is not text; read as U+FFFD (the replacement character)',
      }),
    ]);
  });

  const mt940 = (body: string): string =>
    `:20:REF1\n:25:DE89370400440532013000\n:28C:1\n:60F:C240101EUR100,00\n:61:2401010101D10,00NTRFNONREF\n${body}`;

  it('MT940: in :86:, with the line and column', async () => {
    const read = await readRecords(mt940(`:86:166?00GUTSCHRIFT?20Hallo${RETITLE}Welt\n:62F:C240101EUR90,00\n-\n`));
    expect(read.entries).toHaveLength(1);
    expect(written(read)).toContain('Hallo\ufffd]0;pwned\ufffdWelt');
    expect(warnings(read)).toEqual([
      expect.objectContaining({
        message:
          '2 control characters (the first U+001B) in :86: are not text; read as U+FFFD (the replacement character)',
        location: expect.objectContaining({ file: 'x.sta', line: 6, column: 29, path: ':86:' }),
      }),
    ]);
  });

  it('MT940: a DOS end-of-file mark or NUL padding at the end of a line is padding, not a value', async () => {
    // Ctrl-Z right after the closing balance of a bare export: the amount was refused as 90,00\u001a.
    const read = await readRecords(mt940(':86:Miete\u0000\u0000\n:62F:C240101EUR90,00\u001a'));
    expect(read.statements).toHaveLength(1);
    expect(read.statements[0]?.balances.find((balance) => balance.type === 'CLBD')?.money.amount.toString()).toBe(
      '90.00',
    );
    expect(written(read)).toContain('"Miete"');
    expect(warnings(read)).toEqual([]);
  });

  it('bank CSV: in a cell, naming its column', async () => {
    const csv = fixture('csv', 'barclays.csv').replace('ACME LTD SALARY', `ACME${RETITLE}LTD SALARY`);
    // The fixture is UTF-8: handed over as its bytes (the latin1 string holds them one a character).
    const read = await readRecords(Buffer.from(csv, 'latin1'), 'x.csv');
    expect(written(read)).toContain('ACME\ufffd]0;pwned\ufffdLTD SALARY');
    expect(warnings(read)).toEqual([
      expect.objectContaining({
        message:
          '2 control characters (the first U+001B) in Memo are not text; read as U+FFFD (the replacement character)',
        location: expect.objectContaining({ file: 'x.csv', line: 3, column: 53, path: 'Memo' }),
      }),
    ]);
  });
});

describe('replaceControlCharacters', () => {
  it('leaves tab, line feed and carriage return, and text without controls, as they are', () => {
    expect(replaceControlCharacters('a\tb\r\nc')).toBeUndefined();
    expect(replaceControlCharacters('\u0000x\u001f')).toEqual({
      text: '\ufffdx\ufffd',
      count: 2,
      firstCode: 0,
      firstIndex: 0,
    });
  });

  it('places an index on its line and column', () => {
    expect(positionIn('abc', 2, 5, 10)).toEqual({ line: 5, column: 12 });
    expect(positionIn('a\nbc\nde', 6, 5, 10)).toEqual({ line: 7, column: 2 });
  });
});
