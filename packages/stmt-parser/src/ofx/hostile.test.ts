import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect } from '../../test/support/outcome';
import { OfxTokenizer } from './tokenizer';

const sgml = readFileSync(join(__dirname, '..', '..', 'test', 'fixtures', 'ofx', 'bank-sgml.ofx'), 'latin1');
const withMemo = (memo: string): Buffer => Buffer.from(sgml.replace(/<MEMO>[^<\r\n]*/, `<MEMO>${memo}`), 'latin1');
const outcome = (bytes: Buffer, options = {}, size = 4096) =>
  collect(chunked(bytes, size), { fileName: 'x.ofx', ...options });

describe('hostile OFX gives a parse error, never a crash', () => {
  it('refuses a character reference above U+10FFFF with its place', async () => {
    const result = await outcome(withMemo('A&#1114112;B'));
    expect(result.error).toMatchObject({ code: 'NOT_WELL_FORMED' });
    expect(result.error?.message).toMatch(
      /x\.ofx:\d+:\d+ at .*MEMO: the character reference &#1114112; names no Unicode character/,
    );
  });

  it.each(['&#xD800;', '&#0;', '&#99999999999999999999;'])('refuses %s', async (reference) => {
    expect((await outcome(withMemo(reference))).error).toMatchObject({ code: 'NOT_WELL_FORMED' });
  });

  it('refuses deep nesting before memory runs out', async () => {
    const result = await outcome(withMemo('<A>'.repeat(200_000)), {}, 65_536);
    expect(result.error).toMatchObject({ code: 'NOT_WELL_FORMED' });
    expect(result.error?.message).toMatch(/nested more than 256 deep/);
  });

  it('refuses a value above --max-field-size, naming the element, line and column', async () => {
    const result = await outcome(withMemo('x'.repeat(3000)), { maxFieldSize: 1024 }, 100);
    expect(result.error).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(result.error?.message).toMatch(
      /^x\.ofx:\d+:\d+ at .*\/MEMO: value of <MEMO> exceeds 1 KiB \(--max-field-size\)/,
    );
  });
});

describe('OFX tokenizer work', () => {
  const count = (text: string, size: number): { tokens: number; work: number } => {
    const tokenizer = new OfxTokenizer({ maxFieldSize: 1 << 24 });
    let tokens = 0;
    for (let i = 0; i < text.length; i += size) for (const _ of tokenizer.write(text.slice(i, i + size))) tokens++;
    for (const _ of tokenizer.end()) tokens++;
    return { tokens, work: tokenizer.work };
  };

  it('is linear whatever the chunking: 1-byte chunks look at no more characters than 64 KiB ones', () => {
    const text = `<OFX><MEMO>${'m'.repeat(300_000)}<NAME><![CDATA[${'c]'.repeat(50_000)}]]></NAME><!--${'-'.repeat(1000)}x-->${'<A>'.repeat(1000)}</OFX>`;
    const byByte = count(text, 1);
    const by64k = count(text, 65_536);
    expect(byByte.tokens).toBe(by64k.tokens);
    // A character is looked at when it arrives, when the chunk that ends its token is searched, and
    // once more as that token is read whole: at most three times, never once per chunk.
    expect(by64k.work).toBeLessThanOrEqual(text.length * 3);
    expect(byByte.work).toBeLessThanOrEqual(text.length * 3);
    expect(byByte.work / by64k.work).toBeLessThan(1.5);
  });
});

// Hostile-input sweep: `&eacute;` and undeclared entities were kept as written with no warning;
// camt reads HTML's entities with a warning. A DTD's entity is still never expanded.
describe('OFX entities OFX does not define', () => {
  const memoOf = (result: Awaited<ReturnType<typeof outcome>>): string | undefined => {
    for (const record of result.records)
      if (record.kind === 'entry')
        for (const detail of record.entry.details) if (detail.remittanceInfo) return detail.remittanceInfo;
    return undefined;
  };

  it('reads an HTML entity as its character, with a warning', async () => {
    const result = await outcome(withMemo('Ren&eacute; Caf&eacute;'));
    expect(result.error).toBeNull();
    expect(memoOf(result)).toContain('René Café');
    expect(result.issues.map((issue) => issue.message)).toContain(
      'the entity &eacute; is not defined in OFX (it is HTML\'s); read as "é"',
    );
  });

  it('keeps an undefined entity as written, with a warning', async () => {
    const result = await outcome(withMemo('A&xxe;B'));
    expect(memoOf(result)).toContain('A&xxe;B');
    expect(result.issues.map((issue) => issue.message)).toContain(
      'the entity &xxe; is not defined in OFX: kept as written',
    );
  });
});

// Hostile-input sweep: a <STMTTRN> never closed was refused only at the 257th transaction, as
// "nested more than 256 deep"; the second transaction shows it.
describe('an OFX transaction left open', () => {
  it('is refused at the next transaction, naming the open one', async () => {
    const result = await outcome(Buffer.from(sgml.replace('</STMTTRN>', ''), 'latin1'));
    expect(result.error).toMatchObject({ code: 'NOT_WELL_FORMED' });
    expect(result.error?.message).toMatch(
      /<STMTTRN> inside the <STMTTRN> at line \d+, column \d+: that transaction is left open \(its <\/STMTTRN> is missing\)/,
    );
  });
});
