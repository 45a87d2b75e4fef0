import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile, parseString, StatementParseError, type ParseErrorCode, type SourceLocation } from '@stmt/parser';
import { chunked, collect, FIXTURE_DIR } from './support/outcome';

async function failure(run: () => AsyncIterable<unknown>): Promise<StatementParseError> {
  try {
    for await (const _record of run()) {
      // drain
    }
  } catch (error) {
    if (error instanceof StatementParseError) return error;
    throw error;
  }
  throw new Error('expected the parse to fail');
}

const fixture = (name: string) => readFileSync(join(FIXTURE_DIR, 'invalid', name));

describe('fatal errors carry code, line, column and path', () => {
  it.each<[string, ParseErrorCode, SourceLocation]>([
    [
      'not-well-formed.xml',
      'NOT_WELL_FORMED',
      { file: 'f.xml', line: 16, column: 37, path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt' },
    ],
    [
      'truncated.xml',
      'TRUNCATED',
      { file: 'f.xml', line: 18, column: 1, path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/CdtDbtInd' },
    ],
    ['unsupported-version.xml', 'UNSUPPORTED_MESSAGE', { file: 'f.xml', line: 2, column: 1, path: 'Document' }],
    ['camt086-other-message.xml', 'UNSUPPORTED_MESSAGE', { file: 'f.xml', line: 1, column: 1 }],
    ['not-camt.xml', 'UNKNOWN_FORMAT', { file: 'f.xml', line: 1, column: 1 }],
  ])('%s → %s', async (name, code, location) => {
    const error = await failure(() => parseString(fixture(name), { fileName: 'f.xml' }));
    expect(error.code).toBe(code);
    expect(error.location).toEqual(location);
    expect(error.message.startsWith(`f.xml:${location.line}:${location.column}`)).toBe(true);
  });

  it('places an XML error on a line break at a column of 1 or more', async () => {
    const cut = fixture('truncated.xml').toString('utf8').trimEnd();
    const error = await failure(() => parseString(`${cut}&\n`, { fileName: 'f.xml' }));
    expect(error.code).toBe('NOT_WELL_FORMED');
    expect(error.location?.column).toBeGreaterThanOrEqual(1);
    expect(error.message).toMatch(/^f\.xml:\d+:[1-9]\d*/);
  });

  it('says what was expected', async () => {
    expect((await failure(() => parseString(fixture('not-well-formed.xml')))).message).toContain(
      'Unexpected close tag; expected </Amt>',
    );
    expect((await failure(() => parseString(fixture('unsupported-version.xml')))).message).toContain(
      'camt.053.001.15; supported are camt.052, camt.053 and camt.054, versions 001.01 to 001.14',
    );
    expect((await failure(() => parseString(fixture('truncated.xml')))).message).toContain('the file is truncated');
  });

  it('refuses an empty input and a file that is only an XML declaration', async () => {
    expect((await failure(() => parseString(''))).code).toBe('UNKNOWN_FORMAT');
    expect((await failure(() => parseString('<?xml version="1.0"?>\n', { format: 'camt.053' }))).code).toBe(
      'TRUNCATED',
    );
  });

  it('reports a missing file as IO_ERROR naming the file', async () => {
    const error = await failure(() => parseFile('/nonexistent/statement.xml'));
    expect(error.code).toBe('IO_ERROR');
    expect(error.message).toContain('/nonexistent/statement.xml');
  });
});

describe('recoverable issues', () => {
  it('are all reported, each located at its element', async () => {
    const { issues, error } = await collect(chunked(fixture('bad-values.xml'), 4096), { fileName: 'bad.xml' });
    expect(error).toBeNull();
    expect(issues.map((i) => [i.code, i.location.line, i.location.column, i.location.path])).toEqual([
      ['INVALID_AMOUNT', 28, 9, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt'],
      ['INVALID_VALUE', 34, 9, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/CdtDbtInd'],
      ['INVALID_DATE', 41, 18, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/BookgDt/Dt'],
      ['MISSING_ELEMENT', 43, 7, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[4]/Sts'],
      // Read as booked (a camt.053 books its entries), and it has no date.
      ['MISSING_ELEMENT', 43, 7, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[4]/BookgDt'],
      ['MISSING_ELEMENT', 48, 9, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[5]/Amt'],
      // No UNRECONCILED_BALANCE: the refused entries are the difference, and their errors say so.
    ]);
  });

  it('reconcile a statement whose entries were all read', async () => {
    const fine = fixture('bad-values.xml')
      .toString('utf8')
      .replace(/<Ntry>[^]*<\/Ntry>/, '');
    const { issues } = await collect(chunked(Buffer.from(fine), 4096), { fileName: 'bad.xml' });
    expect(issues.map((i) => i.code)).toEqual(['UNRECONCILED_BALANCE']);
  });

  it('throw the first one when nobody listens', async () => {
    const error = await failure(() => parseString(fixture('bad-values.xml')));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.message).toContain('expected an amount such as "1234.50", found "12,50"');
  });

  it('include a camt document without any statement (MISSING_ELEMENT)', async () => {
    const { issues } = await collect(chunked(fixture('no-statement.xml'), 4096));
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'MISSING_ELEMENT',
        location: { line: 3, column: 3, path: 'Document/BkToCstmrStmt/Stmt' },
      }),
    ]);
  });
});

describe('parseFile', () => {
  it('reads a file from disk and names it in locations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-parser-'));
    const path = join(dir, 'statement.xml');
    writeFileSync(path, readFileSync(join(FIXTURE_DIR, 'camt053-v02-statement.xml')));
    const kinds: string[] = [];
    for await (const record of parseFile(path)) {
      kinds.push(record.kind);
      if (record.kind === 'entry') expect(record.entry.location.file).toBe(path);
    }
    expect(kinds).toEqual(['statement-start', 'entry', 'entry', 'statement-end']);
  });
});

// Hostile-input sweep: a gzip-compressed statement was told "expected camt XML…", as if it were
// some other text; what it is, and what to do, is known from its first bytes.
describe('files that hold a statement some other way', () => {
  it.each([
    [
      'gzip',
      gzipSync(readFileSync(join(FIXTURE_DIR, 'camt053-v02-statement.xml'))),
      /gzip-compressed data: decompress it first/,
    ],
    ['ZIP', Buffer.from('PK\x03\x04\x14\x00\x00\x00statement.xml', 'latin1'), /a ZIP archive/],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), /a PDF document: download the export/],
  ])('names a %s file for what it is', async (_label, bytes, message) => {
    const result = await collect(chunked(bytes, 4096), { fileName: 'statement' });
    expect(result.error?.code).toBe('UNKNOWN_FORMAT');
    expect(result.error?.message).toMatch(message);
  });
});
