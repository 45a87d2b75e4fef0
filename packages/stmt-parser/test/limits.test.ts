import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect } from './support/outcome';

const camt = readFileSync(join(__dirname, 'fixtures', 'camt', 'camt053-batch-3-txdtls.xml'), 'utf8');
const withUstrd = (value: string): Buffer =>
  Buffer.from(camt.replace(/<Ustrd>[^<]*<\/Ustrd>/, `<Ustrd>${value}</Ustrd>`));
const outcome = (bytes: Buffer, options = {}) => collect(chunked(bytes, 1000), { fileName: 'big.xml', ...options });

describe('limits keep memory bounded on hostile and huge input', () => {
  it('refuses a camt value above --max-field-size, naming element, line and column', async () => {
    const result = await outcome(withUstrd('x'.repeat(5000)), { maxFieldSize: 4096 });
    expect(result.error?.code).toBe('LIMIT_EXCEEDED');
    expect(result.error?.message).toMatch(
      /^big\.xml:\d+:\d+ at Document\/.*\/Ustrd: value of <Ustrd> exceeds 4 KiB \(--max-field-size\)/,
    );
  });

  it('reads the same value when the limit allows it', async () => {
    const result = await outcome(withUstrd('x'.repeat(5000)), { maxFieldSize: 8192 });
    expect(result.error).toBeNull();
    const entry = result.records.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.details.some((d) => d.remittanceInfo?.length === 5000)).toBe(true);
  });

  it('refuses 200,000 nested elements as not well-formed before memory runs out', async () => {
    const result = await outcome(withUstrd('<a>'.repeat(200_000)));
    expect(result.error?.code).toBe('NOT_WELL_FORMED');
    expect(result.error?.message).toMatch(/nested more than 256 deep/);
  });

  it('refuses an entry with more transaction details than the limit', async () => {
    const details = camt.match(/<TxDtls>[\s\S]*?<\/TxDtls>/)?.[0] ?? '';
    const bytes = Buffer.from(camt.replace(details, details.repeat(30)));
    const result = await outcome(bytes, { maxEntryDetails: 20 });
    expect(result.error?.code).toBe('LIMIT_EXCEEDED');
    expect(result.error?.message).toMatch(/more than 20 transaction details <TxDtls>/);
  });

  it('names --split-batches and --max-entry-details when an entry is one row with too many details', async () => {
    const details = camt.match(/<TxDtls>[\s\S]*?<\/TxDtls>/)?.[0] ?? '';
    const result = await outcome(Buffer.from(camt.replace(details, details.repeat(30))), { maxEntryDetails: 20 });
    expect(result.error?.message).toMatch(
      /^big\.xml:\d+:\d+ at Document\/.*\/Ntry\[\d+\]\/NtryDtls\/TxDtls\[21\]: .*Use --split-batches .* raise --max-entry-details/,
    );
  });

  it('hands out an entry of any size in parts with streamEntryDetails, the entry counted once', async () => {
    const details = camt.match(/<TxDtls>[\s\S]*?<\/TxDtls>/)?.[0] ?? '';
    const batch = (n: number) => Buffer.from(camt.replace(details, details.repeat(n)));
    const whole = await outcome(batch(1), {});
    const wholeEntries = whole.records.flatMap((r) => (r.kind === 'entry' ? [r.entry] : []));
    const result = await outcome(batch(2500), { streamEntryDetails: true });
    expect(result.error).toBeNull();
    const entries = result.records.flatMap((r) => (r.kind === 'entry' ? [r.entry] : []));
    const parts = entries.filter((e) => e.detailsPart !== undefined);
    // The fixture's first entry is the batch: 2500 + 2 other details in 1000-detail parts.
    expect(parts.map((e) => [e.detailsPart, e.details.length])).toEqual([
      [{ index: 0, last: false }, 1000],
      [{ index: 1, last: false }, 1000],
      [{ index: 2, last: true }, 502],
    ]);
    expect(parts.every((e) => e.index === parts[0]?.index && e.money.amount.eq(parts[0].money.amount))).toBe(true);
    expect(entries.length - parts.length).toBe(wholeEntries.length - 1);
    const end = result.records.find((r) => r.kind === 'statement-end');
    const wholeEnd = whole.records.find((r) => r.kind === 'statement-end');
    expect(end?.kind === 'statement-end' && end.statement.entryCount).toBe(
      wholeEnd?.kind === 'statement-end' && wholeEnd.statement.entryCount,
    );
    // A limit below the part size makes the parts smaller, never an error.
    const small = await outcome(batch(2500), { maxEntryDetails: 20, streamEntryDetails: true });
    expect(small.error).toBeNull();
  });

  it('refuses an MT940 line or field above the limit', async () => {
    const head = ':20:X\n:25:DE89370400440532013000\n:60F:C240101EUR1,00\n:61:240101D1,00NTRFNONREF\n:86:';
    const long = await outcome(Buffer.from(`${head}${'y'.repeat(3000)}\n:62F:C240101EUR0,00\n-\n`), {
      maxFieldSize: 2048,
    });
    expect(long.error).toMatchObject({ code: 'LIMIT_EXCEEDED', location: { line: 5, column: 1 } });
    const inOneChunk = await collect(
      chunked(Buffer.from(`${head}${'y'.repeat(3000)}\n:62F:C240101EUR0,00\n-\n`), 1 << 20),
      { maxFieldSize: 2048 },
    );
    expect(inOneChunk.error).toMatchObject({ code: 'LIMIT_EXCEEDED', location: { line: 5, column: 5, path: ':86:' } });
    const many = await outcome(Buffer.from(`${head}a\n${'continued\n'.repeat(500)}:62F:C240101EUR0,00\n-\n`), {
      maxFieldSize: 2048,
    });
    expect(many.error).toMatchObject({ code: 'LIMIT_EXCEEDED', location: { line: 5, column: 5, path: ':86:' } });
  });
});
