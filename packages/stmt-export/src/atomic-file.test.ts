import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { createAtomicFile } from './atomic-file';
import { BLOCK_BYTES } from './block-file-stream';
import { CsvWriter } from './csv-writer';
import { ExportError } from './errors';
import { syncFolder } from './sync-folder';
import { removeTrackedTempFilesSync } from './temp-files';
import { scratchFolder } from '@fin/test-utils';

const dir = scratchFolder('stmt-atomic-');

const noSpace = (): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

describe('createAtomicFile with CsvWriter', () => {
  it('renames the complete file into place and tracks nothing afterwards', async () => {
    const target = join(dir(), 'out.csv');
    const file = await createAtomicFile(target);
    const writer = new CsvWriter(file.stream, { header: ['a', 'b'], target });
    await writer.write([['1', '2']]);
    await writer.end();
    await file.commit();
    expect(readFileSync(target, 'utf8')).toBe('a,b\n1,2\n');
    expect(removeTrackedTempFilesSync()).toBe(0);
  });

  it('turns a full disk during a write into an output error about space, and abort leaves nothing', async () => {
    const target = join(dir(), 'out.csv');
    const file = await createAtomicFile(target);
    const writer = new CsvWriter(file.stream, { header: ['a'], target });
    await writer.write([['1']]);
    file.stream.destroy(noSpace()); // the file system refuses the next block
    const batch = Array.from({ length: 100 }, (_, n) => [String(n)]); // one full batch, written at once
    const failure = await writer.write(batch).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ExportError);
    expect((failure as ExportError).code).toBe('OUTPUT_FAILED');
    expect((failure as ExportError).message).toBe(
      `Cannot write ${target}: no space left on the device (ENOSPC). Free some space or write to another disk.`,
    );
    await file.abort();
    expect(readdirSync(dir())).toEqual([]);
    expect(removeTrackedTempFilesSync()).toBe(0);
  });

  it('reports a failure that arrives while the writer ends the stream', async () => {
    const target = join(dir(), 'out.csv');
    const file = await createAtomicFile(target);
    const writer = new CsvWriter(file.stream, { header: ['a'], target });
    file.stream.destroy(noSpace());
    await expect(writer.end()).rejects.toThrow(/no space left on the device/);
    await file.abort();
    expect(readdirSync(dir())).toEqual([]);
  });
});

describe('createAtomicFile writing in blocks', () => {
  it('keeps every byte and its order across several blocks, whatever the sizes of the writes', async () => {
    const target = join(dir(), 'big.csv');
    const file = await createAtomicFile(target);
    const chunks = Array.from({ length: 700 }, (_, n) => Buffer.alloc(1 + ((n * 7919) % 9000), 97 + (n % 26)));
    for (const chunk of chunks) if (!file.stream.write(chunk)) await once(file.stream, 'drain');
    file.stream.end();
    await file.commit();
    const expected = Buffer.concat(chunks);
    expect(expected.length).toBeGreaterThan(2 * BLOCK_BYTES);
    expect(readFileSync(target).equals(expected)).toBe(true);
  });

  it('refuses to commit a stream destroyed before it ended, leaving no file', async () => {
    const target = join(dir(), 'out.csv');
    const file = await createAtomicFile(target);
    file.stream.write('half a row');
    file.stream.destroy();
    await expect(file.commit()).rejects.toMatchObject({ code: 'OUTPUT_FAILED', file: target });
    expect(readdirSync(dir())).toEqual([]);
  });
});

describe('syncFolder', () => {
  it('syncs an existing folder, and reports one that is gone as an output error naming it', async () => {
    await expect(syncFolder(dir())).resolves.toBeUndefined();
    const gone = join(dir(), 'gone');
    await expect(syncFolder(gone)).rejects.toMatchObject({ code: 'OUTPUT_FAILED', file: gone });
  });
});
