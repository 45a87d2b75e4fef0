import { DECODE_BYTES, decodeChunks, detectEncoding } from './encoding';

async function decodeParts(chunks: Buffer[], encoding: string): Promise<string[]> {
  const parts: string[] = [];
  for await (const part of decodeChunks(
    (async function* () {
      yield* chunks;
    })(),
    encoding,
  ))
    parts.push(part);
  return parts;
}

async function decodeAll(chunks: Buffer[], encoding: string): Promise<string> {
  return (await decodeParts(chunks, encoding)).join('');
}

describe('detectEncoding', () => {
  it('prefers a BOM over the declaration', () => {
    const head = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'),
    ]);
    expect(detectEncoding(head)).toEqual({ encoding: 'utf-8', source: 'bom' });
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x3c, 0x00]))).toEqual({ encoding: 'utf-16le', source: 'bom' });
  });

  it('reads the encoding of the XML declaration, in either quote style', () => {
    expect(detectEncoding(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'))).toEqual({
      encoding: 'iso-8859-1',
      source: 'declaration',
    });
    expect(detectEncoding(Buffer.from("<?xml version='1.0' encoding='windows-1252' ?>"))).toEqual({
      encoding: 'windows-1252',
      source: 'declaration',
    });
  });

  it('recognises UTF-16 without a byte-order mark from NUL bytes beside ASCII (XML 1.0 Appendix F)', () => {
    expect(detectEncoding(Buffer.from([0x3c, 0x00, 0x3f, 0x00]))).toEqual({ encoding: 'utf-16le', source: 'pattern' });
    expect(detectEncoding(Buffer.from([0x00, 0x3c, 0x00, 0x3f]))).toEqual({ encoding: 'utf-16be', source: 'pattern' });
    // Wins over the declaration, which a UTF-16 file may even get wrong.
    const declared = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>', 'utf16le');
    expect(detectEncoding(declared)).toEqual({ encoding: 'utf-16le', source: 'pattern' });
    expect(detectEncoding(Buffer.from(':20:STMT', 'utf16le'))).toEqual({ encoding: 'utf-16le', source: 'pattern' });
    expect(detectEncoding(Buffer.from('"Datum","Naam"', 'utf16le').swap16())).toEqual({
      encoding: 'utf-16be',
      source: 'pattern',
    });
  });

  it('does not take UTF-32, a lone character or a non-ASCII start for UTF-16', () => {
    expect(detectEncoding(Buffer.from([0x3c, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x00])).source).toBe('default');
    expect(detectEncoding(Buffer.from([0x00, 0x00, 0x00, 0x3c])).source).toBe('default');
    expect(detectEncoding(Buffer.from([0x3c, 0x00])).source).toBe('default');
    expect(detectEncoding(Buffer.from('Über', 'utf16le')).source).toBe('default');
    expect(detectEncoding(Buffer.from('Datum;Betrag', 'latin1')).source).toBe('default');
  });

  it('defaults to UTF-8 and ignores an "encoding" that is not in a leading declaration', () => {
    expect(detectEncoding(Buffer.from('<?xml version="1.0"?><a/>'))).toEqual({ encoding: 'utf-8', source: 'default' });
    expect(detectEncoding(Buffer.from('<a encoding="latin1"/>'))).toEqual({ encoding: 'utf-8', source: 'default' });
  });
});

describe('decodeChunks', () => {
  it('holds back a UTF-8 character cut between chunks and drops the BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Grüße €', 'utf8')]);
    const cut = [bytes.subarray(0, 6), bytes.subarray(6, 12), bytes.subarray(12)]; // inside "ü" and "€"
    expect(await decodeAll(cut, 'utf-8')).toBe('Grüße €');
  });

  it('decodes a large chunk in strings of at most DECODE_BYTES characters, whole characters each', async () => {
    const text = `a${'ä€𝄞'.repeat(DECODE_BYTES)}`;
    const parts = await decodeParts([Buffer.from(text, 'utf8')], 'utf-8');
    expect(parts.length).toBeGreaterThan(9);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(DECODE_BYTES);
    expect(parts.join('')).toBe(text);
  });

  it('decodes single-byte encodings', async () => {
    expect(await decodeAll([Buffer.from([0x4d, 0xfc, 0x6c]), Buffer.from([0x6c, 0x65, 0x72])], 'iso-8859-1')).toBe(
      'Müller',
    );
    expect(await decodeAll([Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94])], 'windows-1252')).toBe('€ “a”');
  });

  it('refuses an encoding it does not know with INVALID_VALUE', async () => {
    await expect(decodeAll([Buffer.from('x')], 'klingon-8')).rejects.toMatchObject({ code: 'INVALID_VALUE' });
  });
});
