import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect } from '../../test/support/outcome';
import { IssueSink } from '../issues';
import { RepeatedWarnings } from './repeated-warnings';
import { OfxStatementBuilder } from './statement-builder';
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
    const counted = (): number => tokens++;
    for (let i = 0; i < text.length; i += size) tokenizer.write(text.slice(i, i + size), counted);
    tokenizer.end(counted);
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

// Tester's hostile files: `<X>1` written 600,000 times in one transaction gave one warning per
// tag (200,000 lines for 1 MB) and 1.1 GB; 600,000 distinct names were all kept (290 MB).
describe('OFX elements repeated without bound in one transaction', () => {
  const issueCount = async (tags: (i: number) => string, n: number): Promise<number> => {
    const tail = Array.from({ length: n }, (_, i) => tags(i)).join('\r\n');
    const result = await outcome(withMemo(`memo\r\n${tail}`), {}, 65_536);
    expect(result.error).toBeNull();
    return result.issues.length;
  };

  it.each([
    ['the same unknown element', (): string => '<X>1'],
    ['unknown elements of distinct names', (i: number): string => `<X${i}>1`],
    ['a repeated <NAME>', (i: number): string => `<NAME>N${i}`],
  ])('gives as many issues for 50,000 of %s as for 1,000', async (_, tags) => {
    const few = await issueCount(tags, 1000);
    expect(await issueCount(tags, 50_000)).toBe(few);
    expect(few).toBeLessThanOrEqual(110); // the first hundred of a kind, and one line counting the rest
  });

  it('holds no more for 100,000 distinct unknown elements than for 1,000', () => {
    const retained = (n: number): number => {
      const issues = new IssueSink({ onIssue: () => undefined });
      const builder = new OfxStatementBuilder(issues, '102', new RepeatedWarnings(issues));
      const at = { line: 1, column: 1 };
      const trn = 'OFX/STMTRS/BANKTRANLIST/STMTTRN[1]';
      builder.accept({ type: 'enter', name: 'STMTRS', path: 'OFX/STMTRS', location: at });
      builder.accept({ type: 'leaf', name: 'CURDEF', value: 'USD', path: 'OFX/STMTRS/CURDEF', location: at });
      builder.accept({ type: 'enter', name: 'STMTTRN', path: trn, location: at });
      for (const name of ['TRNTYPE', 'DTPOSTED', 'TRNAMT', 'FITID', 'NAME', 'MEMO'])
        builder.accept({ type: 'leaf', name, value: '1', path: `${trn}/${name}`, location: at });
      for (let i = 0; i < n; i++)
        builder.accept({ type: 'leaf', name: `X${i}`, value: '1', path: `${trn}/X${i}`, location: at });
      return builder.retained;
    };
    expect(retained(100_000)).toBe(retained(1000));
  });
});

// Tester's finding: `<MEMO>a < b` was read as a tag `< b…>` that swallowed `</STMTTRN>`, and the
// file was refused two lines further on, as "<STMTTRN> is left open".
describe("OFX '<' that starts no tag", () => {
  const memoAndIssues = async (memo: string, size: number): Promise<[string | undefined, unknown[]]> => {
    const result = await outcome(withMemo(memo), {}, size);
    expect(result.error).toBeNull();
    const entry = result.records.find((record) => record.kind === 'entry');
    const read = entry?.kind === 'entry' ? entry.entry.details[0]?.remittanceInfo : undefined;
    const warnings = result.issues.filter((issue) => issue.severity === 'warning');
    return [read, warnings.map((issue) => [issue.location.line, issue.location.column, issue.message])];
  };

  it.each([1, 3, 4096])('is read as text, with a warning at it (in %i-byte chunks)', async (size) => {
    expect(await memoAndIssues('a < b', size)).toEqual([
      'a < b',
      [[34, 9, "a '<' that starts no tag in <MEMO>: read as text, which OFX writes as &lt;"]],
    ]);
    expect(await memoAndIssues('<= 1 < 2 << 3', size)).toEqual([
      '<= 1 < 2 << 3',
      [[34, 7, "4 '<' that start no tag (the first here) in <MEMO>: read as text, which OFX writes as &lt;"]],
    ]);
    // A name after it, but another '<' before any '>': no tag either.
    expect(await memoAndIssues('x<abcdefghijkl', size)).toEqual([
      'x<abcdefghijkl',
      [[34, 8, "a '<' that starts no tag in <MEMO>: read as text, which OFX writes as &lt;"]],
    ]);
  });

  it('counts many in one value in one warning, in linear work whatever the chunking', async () => {
    expect(await memoAndIssues(`p${'<'.repeat(100_000)}q<5`, 65_536)).toEqual([
      `p${'<'.repeat(100_000)}q<5`,
      [[34, 8, "100,001 '<' that start no tag (the first here) in <MEMO>: read as text, which OFX writes as &lt;"]],
    ]);
    const text = `<MEMO>${'<'.repeat(50_000)}${'<b'.repeat(50_000)}<${'c'.repeat(50_000)}</MEMO>`;
    for (const size of [1, 7, 65_536]) {
      const tokenizer = new OfxTokenizer({ maxFieldSize: 1 << 24 });
      for (let i = 0; i < text.length; i += size) tokenizer.write(text.slice(i, i + size), () => {});
      tokenizer.end(() => {});
      // Each character looked at a bounded number of times, whatever the chunking (the size names a failure).
      expect([size, tokenizer.work <= text.length * 3]).toEqual([size, true]);
    }
  });

  it('names a tag name longer than --max-field-size as a tag name, at its <, in the transaction', async () => {
    const result = await outcome(withMemo(`memo\r\n<${'A'.repeat(3000)}>1`), { maxFieldSize: 1024 }, 100);
    expect(result.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      location: { line: 35, column: 1, path: expect.stringMatching(/\/STMTTRN\[1\]$/) },
    });
    expect(result.error?.message).toMatch(
      /: the tag name <A{39}… exceeds 1 KiB \(--max-field-size\): no OFX element has such a name/,
    );
  });
});
