import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect, FIXTURE_DIR, fixtureNames, toJson } from './support/outcome';

// Parsers must not care where a stream cuts its chunks (a tag, an attribute, a multi-byte
// character or a `<![CDATA[` can be split anywhere), so every fixture is fed in tiny chunks
// and must give exactly the records, issues and error of the expected file.
describe.each(fixtureNames())('%s fed in tiny chunks', (name) => {
  const bytes = readFileSync(join(FIXTURE_DIR, name));
  const expected: unknown = JSON.parse(
    readFileSync(join(FIXTURE_DIR, name.replace(/\.xml$/, '.expected.json')), 'utf8'),
  );

  it.each([1, 2, 3, 7])('gives the expected output with %i-byte chunks', async (size) => {
    expect(toJson(await collect(chunked(bytes, size), { fileName: name }))).toEqual(expected);
  });
});

describe('characters split across chunks', () => {
  async function* split(bytes: Buffer, at: number): AsyncIterable<Buffer> {
    yield bytes.subarray(0, at);
    yield bytes.subarray(at);
  }

  const statementOwner = async (bytes: Buffer, at: number): Promise<string | undefined> => {
    const { records, error } = await collect(split(bytes, at));
    expect(error).toBeNull();
    const first = records[0];
    return first?.kind === 'statement-start' ? first.statement.account.ownerName : undefined;
  };

  it('joins a two-byte UTF-8 character cut after its first byte', async () => {
    const bytes = readFileSync(join(FIXTURE_DIR, 'camt053-bom-utf8.xml'));
    const at = bytes.indexOf(Buffer.from('Łódź', 'utf8')) + 1; // inside "Ł" (0xC5 0x81)
    expect(await statementOwner(bytes, at)).toBe('Łódź Żółw Sp. z o.o.');
  });

  it('joins a four-byte UTF-8 character (emoji) cut in the middle', async () => {
    const bytes = readFileSync(join(FIXTURE_DIR, 'camt053-bom-utf8.xml'));
    const at = bytes.indexOf(Buffer.from('😊', 'utf8')) + 2;
    const { records } = await collect(split(bytes, at));
    const entry = records.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.details[0]?.remittanceInfo).toBe(
      'Zapłata za zamówienie 12 — dziękujemy 😊',
    );
  });

  it('decodes windows-1252 bytes (€, curly quotes) at a chunk edge', async () => {
    const bytes = readFileSync(join(FIXTURE_DIR, 'camt053-windows-1252.xml'));
    const at = bytes.indexOf(0x80); // "€" is the single byte 0x80 in windows-1252
    const { records } = await collect(split(bytes, at));
    const entry = records.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.details[0]?.remittanceInfo).toBe('Don 4,50 € – merci');
  });

  it('decodes ISO-8859-1 umlauts cut right before one', async () => {
    const bytes = readFileSync(join(FIXTURE_DIR, 'camt053-latin1-umlauts.xml'));
    expect(await statementOwner(bytes, bytes.indexOf(0xfc))).toBe('Jürgen Müller & Söhne'); // 0xFC = "ü"
  });
});
