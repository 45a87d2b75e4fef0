import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { parserFor } from '@stmt/parser';
import { guessCodePage } from '../src/code-pages';
import { chunked, collect, toJson } from './support/outcome';

const FIXTURES = join(__dirname, 'fixtures');
const read = (path: string): Buffer => readFileSync(join(FIXTURES, path));
const outcome = (bytes: Buffer, options = {}, size = 5) => collect(chunked(bytes, size), { fileName: 'f', ...options });
const remittances = (result: Awaited<ReturnType<typeof outcome>>): string[] =>
  result.records.flatMap((r) => (r.kind === 'entry' ? r.entry.details.map((d) => d.remittanceInfo ?? '') : []));

/** Line and column of the first `character` in `text` (its line otherwise ASCII). */
function placeOf(text: string, character: string): { line: number; column: number } {
  const before = text.slice(0, text.indexOf(character));
  return { line: before.split('\n').length, column: (before.split('\n').pop() as string).length + 1 };
}

/** `bytes` with the first occurrence of `text` (UTF-8) replaced by raw `replacement` bytes. */
function splice(bytes: Buffer, text: string, replacement: number[]): Buffer {
  const at = bytes.indexOf(text);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(replacement), bytes.subarray(at + Buffer.byteLength(text))]);
}

describe('invalid UTF-8 in a UTF-8 file is an error with line and column, never U+FFFD', () => {
  it.each([1, 3, 4096])('camt, in %i-byte chunks', async (size) => {
    const bytes = splice(read('camt/camt053-v08-statement.xml'), 'Facture', [0x46, 0x61, 0x63, 0xe9]);
    const result = await outcome(bytes, {}, size);
    const before = bytes.toString('latin1').split('\u00e9')[0] as string;
    const line = before.split('\n').length;
    const column = (before.split('\n').pop() as string).length + 1;
    expect(result.error).toMatchObject({ code: 'INVALID_ENCODING', location: { file: 'f', line, column } });
    expect(result.error?.message).toMatch(
      /the bytes E9[ 0-9]* here are not UTF-8; its 8-bit characters look like windows-1252: convert with --encoding windows-1252/,
    );
  });

  it('reads the same camt file when --encoding says what it is', async () => {
    const bytes = splice(read('camt/camt053-v08-statement.xml'), 'Facture', [0x46, 0x61, 0x63, 0xe9]);
    const result = await outcome(bytes, { encoding: 'windows-1252' });
    expect(result.error).toBeNull();
    expect(remittances(result).some((text) => text.includes('Facé'))).toBe(true);
  });

  it('bank CSV read as UTF-8 because --encoding said so', async () => {
    const bytes = splice(read('csv/revolut.csv'), 'Café', [0x43, 0x61, 0x66, 0xe9]);
    const result = await outcome(bytes, { encoding: 'utf-8' });
    expect(result.error).toMatchObject({ code: 'INVALID_ENCODING', location: { line: 3, column: 65 } });
  });

  it('bank CSV read as UTF-8 because nothing said otherwise: the 8-bit rest is read in the code page it looks like', async () => {
    const bytes = splice(read('csv/revolut.csv'), 'Café', [0x43, 0x61, 0x66, 0xe9]);
    const result = await outcome(bytes);
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'INVALID_ENCODING',
        severity: 'warning',
        location: { file: 'f', line: 3, column: 65 },
      }),
    ]);
    expect(remittances(result).some((text) => text.includes('Café'))).toBe(true);
  });

  it('OFX that declares UTF-8', async () => {
    const bytes = splice(read('ofx/multi-account-xml.ofx'), '<NAME>', [0x3c, 0x4e, 0x41, 0x4d, 0x45, 0x3e, 0xc3, 0x28]);
    expect((await outcome(bytes)).error).toMatchObject({ code: 'INVALID_ENCODING' });
  });

  it('a character cut off by the end of the file', async () => {
    const bytes = Buffer.concat([read('camt/camt053-v08-statement.xml'), Buffer.from([0xc3])]);
    expect((await outcome(bytes)).error).toMatchObject({ code: 'INVALID_ENCODING' });
  });

  it('MT940 read with --encoding utf-8', async () => {
    const bytes = read('mt940/german-sepa.sta');
    const result = await outcome(bytes, { encoding: 'utf-8' });
    expect(result.error).toMatchObject({ code: 'INVALID_ENCODING', location: { line: 10, column: 16 } });
  });
});

describe('8-bit MT940: the code page is guessed, with a warning, or named with --encoding', () => {
  const polish = read('mt940/polish.sta').toString('utf8');

  it.each(['windows-1250', 'iso-8859-2'] as const)(
    'reads Polish %s text as written, warning at the first 8-bit line',
    async (page) => {
      const result = await outcome(iconv.encode(polish, page));
      expect(result.error).toBeNull();
      expect(result.issues).toEqual([
        expect.objectContaining({
          code: 'INVALID_ENCODING',
          severity: 'warning',
          message: expect.stringContaining(`read as ${page}`),
        }),
      ]);
      const utf8 = await outcome(Buffer.from(polish));
      expect(remittances(result)).toEqual(remittances(utf8));
    },
  );

  it('takes --encoding without a warning', async () => {
    const result = await outcome(iconv.encode(polish, 'iso-8859-2'), { encoding: 'iso-8859-2' });
    expect(result.issues).toEqual([]);
    expect(remittances(result).join()).toContain('Zapłata za fakturę');
  });

  it('reads MT940 in UTF-16 with a byte-order mark', async () => {
    const result = await outcome(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(polish, 'utf-16le')]));
    expect(result.error).toBeNull();
    expect(remittances(result).join()).toContain('Zapłata za fakturę');
  });

  it.each([
    ['Zapłata za fakturę, Łódź, świadczenie', 'windows-1250'],
    ['Zapłata za fakturę, Łódź, świadczenie', 'iso-8859-2'],
    ['Kontoführung Müller Straße', 'windows-1252'],
    ['Előleg számla Győr', 'windows-1250'],
  ] as const)('guesses %j written in %s', (text, page) => {
    const guess = guessCodePage(iconv.encode(text, page));
    // Hungarian has no letter that tells windows-1250 from ISO-8859-2: either reads it right.
    expect(iconv.decode(iconv.encode(text, page), guess ?? 'latin1')).toBe(text);
  });
});

describe('OFX in UTF-16 with a byte-order mark', () => {
  it.each(['bank-sgml.ofx', 'investment-xml.ofx'])('%s keeps its header fields', async (name) => {
    const text = read(`ofx/${name}`).toString('latin1');
    const result = await outcome(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const plain = await outcome(read(`ofx/${name}`));
    const version = (r: typeof result) => r.records.find((x) => x.kind === 'statement-start');
    expect(version(result)).toEqual(version(plain));
    expect(result.error).toBeNull();
  });
});

describe('8-bit text whose bytes look like UTF-8', () => {
  it.each([1, 3, 4096])('is read as declared, with a warning at the place, in %i-byte chunks', async (size) => {
    const camt = read('camt/camt053-v08-statement.xml')
      .toString('utf8')
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace('Facture', 'Facturé');
    const result = await outcome(Buffer.from(camt, 'utf8'), {}, size);
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'INVALID_ENCODING',
        severity: 'warning',
        message: expect.stringContaining('look like UTF-8'),
      }),
    ]);
    expect(result.issues[0]?.location).toMatchObject(placeOf(camt, 'é'));
    expect(remittances(result).join()).toContain('FacturÃ©');
  });

  it.each([1, 2, 3, 4096])(
    'is warned about at its first such character in a bank CSV, in %i-byte chunks',
    async (size) => {
      // Monzo's export has an emoji column: read as windows-1252, its first emoji is the place.
      const csv = read('csv/monzo.csv').toString('utf8');
      const result = await outcome(Buffer.from(csv, 'utf8'), { encoding: 'windows-1252' }, size);
      expect(result.issues.filter((issue) => issue.code === 'INVALID_ENCODING')).toEqual([
        expect.objectContaining({
          message: expect.stringContaining('look like UTF-8'),
          location: { file: 'f', ...placeOf(csv, '🥪') },
        }),
      ]);
    },
  );

  it('does not warn about real 8-bit text', async () => {
    const result = await outcome(read('camt/camt053-latin1-umlauts.xml'));
    expect(result.issues).toEqual([]);
  });
});

describe('UTF-16 without a byte-order mark is recognised from its bytes (XML 1.0 Appendix F)', () => {
  /** `text` in UTF-16, without a byte-order mark. */
  const wide = (text: string, encoding: 'utf-16le' | 'utf-16be'): Buffer => {
    const bytes = iconv.encode(text, encoding, { addBOM: false });
    expect(bytes[0] === 0xff || bytes[0] === 0xfe).toBe(false);
    return bytes;
  };
  const camt = read('camt/camt053-v08-statement.xml').toString('utf8').replace('encoding="UTF-8"', 'encoding="UTF-16"');
  const plain = (bytes: Buffer) => outcome(bytes, {}, 4096);

  it.each(['utf-16le', 'utf-16be'] as const)(
    'reads camt in %s that declares UTF-16, in odd chunks',
    async (encoding) => {
      const result = await outcome(wide(camt, encoding), {}, 5);
      expect(result.error).toBeNull();
      expect(toJson(result)).toEqual(toJson(await plain(read('camt/camt053-v08-statement.xml'))));
    },
  );

  it('reads it the same as with --encoding utf-16le', async () => {
    const bytes = wide(camt, 'utf-16le');
    expect(toJson(await outcome(bytes))).toEqual(toJson(await outcome(bytes, { encoding: 'utf-16le' })));
  });

  it('keeps an explicit --encoding, and hints at UTF-16 when that reads no format', async () => {
    const result = await outcome(wide(camt, 'utf-16le'), { encoding: 'windows-1252' });
    expect(result.error).toMatchObject({ code: 'UNKNOWN_FORMAT', location: { file: 'f', line: 1, column: 1 } });
    expect(result.error?.message).toContain('--encoding utf-16le');
  });

  it.each(['utf-16le', 'utf-16be'] as const)('reads MT940 in %s', async (encoding) => {
    const polish = read('mt940/polish.sta').toString('utf8');
    const result = await outcome(wide(polish, encoding));
    expect(result.error).toBeNull();
    expect(result.issues).toEqual([]);
    expect(remittances(result)).toEqual(remittances(await plain(Buffer.from(polish))));
  });

  it('reads it the same when a format parser is called directly (MT940, OFX)', async () => {
    const drain = async (format: 'mt940' | 'ofx', bytes: Buffer): Promise<number> => {
      let entries = 0;
      const parser = parserFor(format);
      for await (const record of parser?.parse(chunked(bytes, 7), {}) ?? []) if (record.kind === 'entry') entries++;
      return entries;
    };
    const polish = read('mt940/polish.sta').toString('utf8');
    expect(await drain('mt940', wide(polish, 'utf-16le'))).toBe(await drain('mt940', Buffer.from(polish)));
    const ofx = read('ofx/investment-xml.ofx');
    expect(await drain('ofx', wide(ofx.toString('utf8'), 'utf-16le'))).toBe(await drain('ofx', ofx));
  });

  it.each([
    ['bank-sgml.ofx', 'windows-1252'],
    ['investment-xml.ofx', 'utf-8'],
  ])('reads OFX %s (%s) in UTF-16LE', async (name, page) => {
    const text = iconv.decode(read(`ofx/${name}`), page);
    const result = await outcome(wide(text, 'utf-16le'));
    expect(result.error).toBeNull();
    expect(toJson(result)).toEqual(toJson(await plain(read(`ofx/${name}`))));
  });

  it.each(['revolut.csv', 'ing-nl.csv', 'dkb.csv'])('reads bank CSV %s in UTF-16LE', async (name) => {
    const bytes = read(`csv/${name}`);
    const text = iconv.decode(bytes, name === 'dkb.csv' && !isUtf8(bytes) ? 'windows-1252' : 'utf-8');
    const result = await outcome(wide(text, 'utf-16le'));
    expect(result.error).toBeNull();
    expect(toJson(result)).toEqual(toJson(await plain(Buffer.from(text, 'utf8'))));
  });

  it('hints at --encoding utf-16le when the first characters do not tell', async () => {
    // `Ü` (DC 00) is not ASCII: UTF-16 is not certain from the first two characters.
    const result = await outcome(wide('Überweisung;Betrag\n01.03.2024;12,50\n', 'utf-16le'));
    expect(result.error).toMatchObject({ code: 'UNKNOWN_FORMAT', location: { file: 'f', line: 1, column: 1 } });
    expect(result.error?.message).toMatch(/NUL bytes look like UTF-16LE .*--encoding utf-16le$/);
    const be = await outcome(wide('Überweisung;Betrag\n01.03.2024;12,50\n', 'utf-16be'));
    expect(be.error?.message).toMatch(/--encoding utf-16be$/);
  });

  it('does not hint at UTF-16 for a binary file, whose NUL bytes fall anywhere', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.from([0xe2, 0, 0, 1, 0, 0, 0, 7, 0, 0x30, 0, 0])]);
    const result = await outcome(pdf);
    expect(result.error).toMatchObject({ code: 'UNKNOWN_FORMAT' });
    expect(result.error?.message).not.toContain('UTF-16');
  });

  it('says it read UTF-16 when the text so read is no statement', async () => {
    const result = await outcome(wide('hello, world\n', 'utf-16le'));
    expect(result.error?.message).toContain('read as UTF-16LE without a byte-order mark');
  });
});

function isUtf8(bytes: Buffer): boolean {
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}
