import { type Entry, type ParseIssue } from '@stmt/parser';
import { IssueSink } from '../src/issues';
import { FieldReader, type FieldEvent } from '../src/mt940/fields';
import { brief, conversionError } from './support/issues';
import { readRecords, type Read } from './support/read-records';

const read = (text: string): Promise<Read> => readRecords(text);

/** The rows as a converter writes them: everything but the place in the file. */
const rows = (entries: Entry[]): unknown[] =>
  entries.map(({ location: _location, ...row }) => JSON.parse(JSON.stringify(row)) as unknown);

/** What the field splitter alone reports for `text`: its events and the issues it raised. */
function split(text: string): { events: FieldEvent[]; issues: ParseIssue[] } {
  const issues: ParseIssue[] = [];
  const events: FieldEvent[] = [];
  const reader = new FieldReader(undefined, 'x.sta', new IssueSink({ onIssue: (issue) => issues.push(issue) }));
  const emit = (event: FieldEvent): void => {
    events.push(event);
  };
  text.split('\n').forEach((line, i) => reader.accept({ text: line, line: i + 1 }, emit));
  reader.end(emit);
  return { events, issues };
}

const HEADER = '{1:F01BANKCHZZAXXX0000000000}{2:I940BANKCHZZXXXXN}{4:';

describe('MT940 FIN message end and the next message’s header on one line (PostFinance: -}{1:…}{2:…}{4:)', () => {
  const first =
    ':20:S1\n:25:CH9300762011623852957\n:28C:1/1\n:60F:C240101CHF100,00\n:61:2401020102C50,00NTRFNONREF\n:86:EINS\n:62M:C240102CHF150,00\n';
  const second =
    ':20:S2\n:25:CH9300762011623852957\n:28C:1/2\n:60M:C240102CHF150,00\n:61:2401030103D20,00NTRFNONREF\n:86:ZWEI\n:62F:C240103CHF130,00\n';

  it('reads the one-line layout with the same rows as the two-line layout, and no issue', async () => {
    const twoLines = await read(`${HEADER}\n${first}-}\n${HEADER}\n${second}-}\n`);
    const oneLine = await read(`${HEADER}\n${first}-}${HEADER}\n${second}-}\n`);
    expect(twoLines.issues).toEqual([]);
    expect(oneLine.issues).toEqual([]);
    expect(oneLine.statements.map((s) => s.statementId)).toEqual(['S1', 'S2']);
    expect(oneLine.entries.map((e) => [e.statementId, e.creditDebit, e.money.amount.toString()])).toEqual([
      ['S1', 'CRDT', '50.00'],
      ['S2', 'DBIT', '20.00'],
    ]);
    expect(rows(oneLine.entries)).toEqual(rows(twoLines.entries));
  });

  it('refuses a file cut inside the header that follows -} on its line, as it does with a line break after -}', async () => {
    const cut = `${HEADER}\n${first}-}{1:F01BANKCHZZAXXX0000000000}{2:I94`;
    const { issues, statements } = await read(cut);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 9, 38, undefined]]);
    expect(issues[0]?.message).toBe(
      'the file ends inside the header {1:…}{2:… of a message (line 9) before its text block {4:; the file is truncated',
    );
    expect(statements.map((s) => s.statementId)).toEqual(['S1']);
    expect(await conversionError(cut, 'x.sta')).toMatchObject({ code: 'TRUNCATED' });
    const twoLines = await read(`${HEADER}\n${first}-}\n{1:F01BANKCHZZAXXX0000000000}{2:I94`);
    expect(twoLines.issues.map((i) => [i.severity, i.code])).toEqual([['error', 'TRUNCATED']]);
  });

  it('refuses the second message of the one-line layout without its -}', async () => {
    const { issues } = await read(`${HEADER}\n${first}-}${HEADER}\n${second}`);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 17, 1, undefined]]);
    expect(issues[0]?.message).toBe(
      'the file ends inside a message (block {4: opened on line 9) before its end "-}"; the file is truncated',
    );
  });

  it('reads a field that follows {4: after -} on the same line at its column', async () => {
    const { headers, issues } = await read(`${HEADER}\n${first}-}${HEADER}${second}-}\n`);
    expect(issues).toEqual([]);
    expect(headers[1]?.location).toEqual({ file: 'x.sta', line: 9, column: 2 + HEADER.length + 5, path: ':20:' });
  });

  it('reads the next header after a {5:…} trailer on the line of -}, and refuses it cut there', async () => {
    const trailer = '{5:{CHK:0123456789AB}}';
    const complete = await read(`${HEADER}\n${first}-}${trailer}${HEADER}\n${second}-}${trailer}\n`);
    expect(complete.issues).toEqual([]);
    expect(complete.statements.map((s) => s.statementId)).toEqual(['S1', 'S2']);
    const cut = await read(`${HEADER}\n${first}-}${trailer}{1:F01BANKCHZZAXXX0000000000}{2:I94`);
    expect(cut.issues.map((i) => [i.severity, i.code])).toEqual([['error', 'TRUNCATED']]);
  });

  it('still leaves other text after the last -} unread (the ETX that frames some SWIFT files)', async () => {
    const { issues, statements } = await read(`${HEADER}\n${first}-}\u0003`);
    expect(issues).toEqual([]);
    expect(statements).toHaveLength(1);
  });
});

describe('MT940 files joined without a line break: -:20:', () => {
  const first =
    ':20:S1\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR100,00\n:61:2401020102C50,00NTRFNONREF\n:86:EINS\n:62F:C240102EUR150,00\n-';
  const second =
    ':20:S2\n:25:DE02120300000000202051\n:28C:7/1\n:60F:C240101EUR10,00\n:61:2401030103D2,50NTRFNONREF\n:86:ZWEI\n:62F:C240103EUR7,50\n-\n';

  it('reads both statements with their own rows', async () => {
    const { statements, entries, headers, issues } = await read(`${first}${second}`);
    expect(statements.map((s) => [s.statementId, s.account.iban, s.entryCount])).toEqual([
      ['S1', 'DE89370400440532013000', 1],
      ['S2', 'DE02120300000000202051', 1],
    ]);
    expect(entries.map((e) => [e.statementId, e.account.iban, e.creditDebit, e.money.amount.toString()])).toEqual([
      ['S1', 'DE89370400440532013000', 'CRDT', '50.00'],
      ['S2', 'DE02120300000000202051', 'DBIT', '2.50'],
    ]);
    expect(headers[1]?.location).toEqual({ file: 'x.sta', line: 8, column: 6, path: ':20:' });
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 8, 2, ':20:']]);
    expect(await conversionError(`${first}${second}`, 'x.sta')).toBeUndefined();
  });

  it('warns where the "-" and the next field share a line', () => {
    const { events, issues } = split(`${first}${second}`);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 8, 2, ':20:']]);
    expect(issues[0]?.message).toBe(
      'the end-of-message "-" and the next field :20: share a line, as when files are joined without a line break; read as the end of the message followed by :20:',
    );
    const ends = events.flatMap((e) => (e.kind === 'end-of-message' ? [e.line] : []));
    expect(ends).toEqual([8, 15]);
    const s2 = events.find((e) => e.kind === 'field' && e.field.tag === '20' && e.field.line === 8);
    expect(s2).toEqual({
      kind: 'field',
      field: { tag: '20', lines: ['S2'], lineNumbers: [8], line: 8, column: 6 },
    });
  });

  it('warns the same for a field glued to a FIN -}', () => {
    const { issues } = split(`${HEADER}\n${first}}${second}`);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 9, 3, ':20:']]);
    expect(issues[0]?.message).toMatch(/^the end-of-message "-}" and the next field :20: share a line/);
  });

  it('leaves a "-" followed by other text a continuation line, as before', async () => {
    const { entries, issues } = await read(
      ':20:S1\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR100,00\n:61:2401020102C50,00NTRFNONREF\n:86:EINS\n-ZWEI\n:62F:C240102EUR150,00\n-\n',
    );
    expect(issues).toEqual([]);
    expect(entries[0]?.details[0]?.remittanceInfo).toBe('EINS -ZWEI');
  });
});

describe('MT940 NUL padding after the last message', () => {
  const complete =
    ':20:A\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR10,00\n:61:240101D2,50NTRFNONREF\n:86:Miete\n:62F:C240101EUR7,50\n-\n';

  it.each([
    ['NUL bytes on a line of their own', `${complete}\u0000\u0000\u0000\u0000`],
    ['NUL-padded lines', `${complete}\u0000\u0000\n\u0000\u0000\n`],
    ['NUL bytes and a Ctrl-Z', `${complete}\u0000\u0000\u001a`],
    ['NUL bytes after the "-" on its line', `${complete.slice(0, -1)}\u0000\u0000\u0000`],
    ['NUL bytes after "-}"', `${HEADER}\n${complete.slice(0, -2)}-}\u0000\u0000\u0000`],
  ])('reads a file ending in %s as valid', async (_name, text) => {
    const { issues, statements, entries } = await read(text);
    expect(issues).toEqual([]);
    expect(statements).toHaveLength(1);
    expect(entries).toHaveLength(1);
    expect(await conversionError(text, 'x.sta')).toBeUndefined();
  });

  it('still refuses other text after the last message', async () => {
    const { issues } = await read(`${complete}\u0000X\u0000`);
    expect(issues.map((i) => [i.severity, i.code])).toEqual([['error', 'TRUNCATED']]);
  });
});
