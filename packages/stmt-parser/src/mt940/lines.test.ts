import { LineSplitter } from './lines';

function split(...chunks: (string | Buffer)[]): string[] {
  const splitter = new LineSplitter();
  const lines = chunks.flatMap((chunk) =>
    splitter.write(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk),
  );
  return [...lines, ...splitter.end()].map((line) => `${line.line}:${line.text}`);
}

describe('LineSplitter', () => {
  it('ends lines at LF, CRLF and a lone CR, also when CRLF is cut between chunks', () => {
    expect(split('a\r', '\nb\rc\n\r\nd')).toEqual(['1:a', '2:b', '3:c', '4:', '5:d']);
  });

  it('drops a UTF-8 byte-order mark and reassembles a character cut between chunks', () => {
    const bytes = Buffer.from('\uFEFF:86:Łódź\n', 'utf8');
    expect(split(bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9))).toEqual(['1::86:Łódź']);
  });

  it('reads a line that is not valid UTF-8 as latin1', () => {
    expect(split(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x0a]))).toEqual(['1:Müller']);
  });
});
