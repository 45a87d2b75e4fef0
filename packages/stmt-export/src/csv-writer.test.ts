import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Papa from 'papaparse';
import { createAtomicFile, CsvWriter, ExportError, resolveDelimiter } from '@stmt/export';
import { scratchFolder } from '@fin/test-utils';

async function collect(write: (writer: CsvWriter) => Promise<void>, delimiter?: string): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new CsvWriter(out, { header: ['a', 'b'], ...(delimiter === undefined ? {} : { delimiter }) });
  await write(writer);
  await writer.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('CsvWriter', () => {
  it('writes the header once, then records, quoting delimiters, quotes and line breaks', async () => {
    const text = await collect(async (w) => {
      await w.write([['x,y', 'say "hi"']]);
      await w.write([['multi\nline', 'plain']]);
    });
    expect(text).toBe('a,b\n"x,y","say ""hi"""\n"multi\nline",plain\n');
    expect(Papa.parse(text.trim(), { header: true }).data).toEqual([
      { a: 'x,y', b: 'say "hi"' },
      { a: 'multi\nline', b: 'plain' },
    ]);
  });

  it('writes just the header for a statement without entries', async () => {
    expect(await collect(() => Promise.resolve())).toBe('a,b\n');
  });

  it('batches many small writes into the same bytes papaparse gives for all records at once', async () => {
    const records = Array.from({ length: 1300 }, (_, i) => [`r${i}`, i % 7 === 0 ? `a,"b"\n${i}` : ` ${i} `]);
    const text = await collect(async (w) => {
      for (const record of records) await w.write([record]);
    });
    expect(text).toBe(`a,b\n${Papa.unparse(records, { newline: '\n' })}\n`);
  });

  it('writes a large batch in one go and keeps later small batches in order', async () => {
    const big = Array.from({ length: 600 }, (_, i) => [`x${i}`, 'y']);
    const text = await collect(async (w) => {
      await w.write(big);
      await w.write([['last', 'row']]);
    });
    expect(text.split('\n').slice(-3)).toEqual(['x599,y', 'last,row', '']);
    expect(text.split('\n')).toHaveLength(603);
  });

  it('writes texts `format` made, reordered, after the header and after records waiting in a batch', async () => {
    const text = await collect(async (w) => {
      const later = w.format([['2', 'b,c']]);
      const first = w.format([['1', 'a']]);
      await w.write([['0', 'batched']]);
      await w.writeText(first);
      await w.writeText(Buffer.from(later));
    });
    expect(text).toBe('a,b\n0,batched\n1,a\n2,"b,c"\n');
  });

  it('honours the delimiter', async () => {
    expect(await collect((w) => w.write([['1;2', '3']]), ';')).toBe('a;b\n"1;2";3\n');
  });
});

describe('resolveDelimiter', () => {
  it('accepts names and single characters, refuses quotes and longer text', () => {
    expect(['comma', 'semicolon', 'tab', 'pipe', '#'].map(resolveDelimiter)).toEqual([',', ';', '\t', '|', '#']);
    expect(() => resolveDelimiter('"')).toThrow(ExportError);
    expect(() => resolveDelimiter(';;')).toThrow(/comma, semicolon, tab, pipe/);
  });
});

describe('createAtomicFile', () => {
  const dir = scratchFolder('stmt-export-');

  it('shows the target only after commit, and leaves no temporary file', async () => {
    const target = join(dir(), 'out.csv');
    const file = await createAtomicFile(target);
    file.stream.write('half');
    expect(await readdir(dir())).not.toContain('out.csv');
    file.stream.end(' and the rest');
    await file.commit();
    expect(await readFile(target, 'utf8')).toBe('half and the rest');
    expect(await readdir(dir())).toEqual(['out.csv']);
  });

  it('abort keeps an existing target untouched and removes the temporary file', async () => {
    const target = join(dir(), 'out.csv');
    await writeFile(target, 'previous');
    const file = await createAtomicFile(target);
    file.stream.write('partial');
    await file.abort();
    expect(await readFile(target, 'utf8')).toBe('previous');
    expect(await readdir(dir())).toEqual(['out.csv']);
  });

  it('fails with OUTPUT_FAILED naming the file when the folder does not exist', async () => {
    const target = join(dir(), 'missing', 'out.csv');
    await expect(createAtomicFile(target)).rejects.toMatchObject({ code: 'OUTPUT_FAILED', file: target });
  });
});
