import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAtomicFile } from './atomic-file';
import { CsvWriter } from './csv-writer';
import { ExportError } from './errors';
import { removeTrackedTempFilesSync } from './temp-files';

let dir = '';
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'stmt-atomic-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const noSpace = (): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

describe('createAtomicFile with CsvWriter', () => {
  it('renames the complete file into place and tracks nothing afterwards', async () => {
    const target = join(dir, 'out.csv');
    const file = await createAtomicFile(target);
    const writer = new CsvWriter(file.stream, { header: ['a', 'b'], target });
    await writer.write([['1', '2']]);
    await writer.end();
    await file.commit();
    expect(readFileSync(target, 'utf8')).toBe('a,b\n1,2\n');
    expect(removeTrackedTempFilesSync()).toBe(0);
  });

  it('turns a full disk during a write into an output error about space, and abort leaves nothing', async () => {
    const target = join(dir, 'out.csv');
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
    expect(readdirSync(dir)).toEqual([]);
    expect(removeTrackedTempFilesSync()).toBe(0);
  });

  it('reports a failure that arrives while the writer ends the stream', async () => {
    const target = join(dir, 'out.csv');
    const file = await createAtomicFile(target);
    const writer = new CsvWriter(file.stream, { header: ['a'], target });
    file.stream.destroy(noSpace());
    await expect(writer.end()).rejects.toThrow(/no space left on the device/);
    await file.abort();
    expect(readdirSync(dir)).toEqual([]);
  });
});
