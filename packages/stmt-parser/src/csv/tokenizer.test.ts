import fc from 'fast-check';
import { StatementParseError } from '../errors';
import { CsvTokenizer, type CsvRecord } from './tokenizer';

function tokenize(chunks: readonly string[], maxFieldSize = 1 << 20): { records: CsvRecord[]; work: number } {
  const tokenizer = new CsvTokenizer(',', maxFieldSize, 'x.csv');
  const records = chunks.flatMap((chunk) => tokenizer.write(chunk));
  records.push(...tokenizer.end());
  return { records, work: tokenizer.work };
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('CsvTokenizer', () => {
  it('reads quoted fields with delimiters, escaped quotes and line breaks, and CRLF rows', () => {
    const { records } = tokenize(['a,"b,1","say ""hi""","two\r\nlines"\r\nc,,"" \r\n']);
    expect(records.map((r) => [r.fields, r.line, r.terminated])).toEqual([
      [['a', 'b,1', 'say "hi"', 'two\r\nlines'], 1, true],
      [['c', '', ' '], 3, true],
    ]);
  });

  it('tells where each field begins, counting quotes and the line breaks inside them', () => {
    const { records } = tokenize(['a,"b,1","two\nlines",x\n"",,z']);
    const places = (starts: number[]): string[] =>
      starts.flatMap((line, i) => (i % 2 === 0 ? [`${line}:${starts[i + 1] as number}`] : []));
    expect(records.map((r) => places(r.starts))).toEqual([
      ['1:1', '1:3', '1:9', '2:8'],
      ['3:1', '3:4', '3:5'],
    ]);
  });

  it('gives the same records whatever the chunking', () => {
    const text = 'h1,h2\n"x ""y""",2\r\n"multi\nline",3\nlast,"4"';
    const whole = tokenize([text]).records;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: text.length }), (size) => {
        expect(tokenize(pieces(text, size)).records).toEqual(whole);
      }),
    );
    expect(whole.at(-1)).toEqual({
      fields: ['last', '4'],
      line: 5,
      terminated: false,
      starts: [5, 1, 5, 6],
    });
  });

  it('calls a quoted field left open at the end of the input truncation, at the field', () => {
    expect(() => tokenize(['a,b\n1,"cut here'])).toThrow(
      expect.objectContaining({ code: 'TRUNCATED', location: { file: 'x.csv', line: 2, column: 3 } }),
    );
  });

  it('refuses a field longer than the limit, naming its column', () => {
    const tokenizer = new CsvTokenizer(',', 10, 'x.csv');
    tokenizer.names = ['Date', 'Description'];
    let error: unknown;
    try {
      tokenizer.write('2024-01-01,');
      for (let i = 0; i < 5; i++) tokenizer.write('abc');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StatementParseError);
    expect((error as StatementParseError).code).toBe('LIMIT_EXCEEDED');
    expect((error as StatementParseError).message).toBe(
      'x.csv:1:12: value of column "Description" exceeds 10 characters (--max-field-size); raise the limit if the file is genuine',
    );
  });

  it('does work linear in the input whatever the chunking: 1-byte chunks cost what one chunk costs', () => {
    const line = `"${'x'.repeat(200_000)}",${'y'.repeat(200_000)}\n`;
    const byByte = tokenize(pieces(line, 1));
    const by64k = tokenize(pieces(line, 65_536));
    expect(byByte.records).toEqual(by64k.records);
    expect(byByte.work).toBe(line.length);
    expect(by64k.work).toBe(line.length);
  });
});
