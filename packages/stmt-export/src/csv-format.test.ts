import fc from 'fast-check';
import Papa from 'papaparse';
import { CsvFormat } from './csv-format';

/** Text rich in what CSV quoting is about: delimiters, quotes, line breaks, spaces, a byte-order mark. */
const cell = fc
  .array(fc.constantFrom('a', 'ä', ' ', ',', ';', '\t', '|', '"', '\n', '\r', '\ufeff', "'", '1', '.'), {
    maxLength: 8,
  })
  .map((chars) => chars.join(''));

describe('CsvFormat writes what papaparse unparse writes', () => {
  it.each([',', ';', '\t', '|', '"', 'ab'])('delimiter %j', (delimiter) => {
    const format = new CsvFormat(delimiter, '\n');
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 4 }), (records) => {
        const expected = Papa.unparse(records, { delimiter, newline: '\n', header: false, quotes: false });
        expect(format.format(records)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('writes an empty field for a missing value, as papaparse does', () => {
    const records = [['a', undefined as unknown as string, 'c']];
    expect(new CsvFormat(',', '\r\n').format(records)).toBe(Papa.unparse(records, { newline: '\r\n' }));
  });

  it('ends the text with `end` when given: the records as separated, then `end`', () => {
    const format = new CsvFormat(',', '\r\n');
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 4 }), (records) => {
        expect(format.format(records, '\r\n')).toBe(`${format.format(records)}\r\n`);
      }),
      { numRuns: 300 },
    );
  });
});
