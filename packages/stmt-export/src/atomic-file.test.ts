import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { createAtomicFile, type AtomicFile } from './atomic-file';
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

/** Device nodes need root (`mknod`), and are only ever made in a scratch folder, never in /dev. */
function canMakeDevices(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'stmt-mknod-'));
  try {
    return spawnSync('mknod', [join(probe, 'null'), 'c', '1', '3']).status === 0;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const withDevices = canMakeDevices() ? it : it.skip;
const asRoot = process.getuid?.() === 0 ? it : it.skip;
/** Linux shows a process's descriptors as links in /proc/self/fd, as /dev/stdout points there. */
const withDescriptorLinks = existsSync('/proc/self/fd') ? it : it.skip;

/** Writes a two-column CSV of `rows` through createAtomicFile and commits it. */
async function writeCsv(target: string, rows: string[][] = [['1', '2']]): Promise<AtomicFile> {
  const file = await createAtomicFile(target);
  const writer = new CsvWriter(file.stream, { header: ['a', 'b'], target });
  await writer.write(rows);
  await writer.end();
  await file.commit();
  return file;
}

/** The names in a folder, sorted: a temporary file left behind shows here. */
const names = (folder: string): string[] => readdirSync(folder).sort();

describe('createAtomicFile with an output that is not a regular file', () => {
  withDevices(
    'writes straight through to a character device, which stays a device (root only: needs mknod)',
    async () => {
      const device = join(dir(), 'null');
      expect(spawnSync('mknod', [device, 'c', '1', '3']).status).toBe(0); // what /dev/null is
      const file = await writeCsv(device);
      expect(file.tempPath).toBeUndefined();
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
      expect(names(dir())).toEqual(['null']);
    },
  );

  withDevices('reports a device that refuses the write as the output error (root only: needs mknod)', async () => {
    const device = join(dir(), 'full');
    expect(spawnSync('mknod', [device, 'c', '1', '7']).status).toBe(0); // what /dev/full is: every write fails with ENOSPC
    await expect(writeCsv(device)).rejects.toMatchObject({
      code: 'OUTPUT_FAILED',
      file: device,
      message: `Cannot write ${device}: no space left on the device (ENOSPC). Free some space or write to another disk.`,
    });
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(names(dir())).toEqual(['full']);
  });

  it('writes into a FIFO for the process reading it, and leaves the FIFO in place', async () => {
    const fifo = join(dir(), 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const chunks: Buffer[] = [];
      reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      const exited = once(reader, 'close');
      // More than a pipe holds (64 KiB), so the writer waits for the reader along the way.
      const rows = Array.from({ length: 20_000 }, (_, n) => [String(n), 'x'.repeat(20)]);
      const file = await writeCsv(fifo, rows);
      expect(file.tempPath).toBeUndefined();
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(names(dir())).toEqual(['pipe']);
      expect(await exited).toEqual([0, null]);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(`a,b\n${rows.map((row) => row.join(',')).join('\n')}\n`);
    } finally {
      if (reader.exitCode === null) reader.kill();
    }
  });

  it('reports a socket, which cannot be opened as a file, as an output error and leaves it in place', async () => {
    const path = join(dir(), 'socket');
    const server = createServer();
    server.listen(path);
    await once(server, 'listening');
    try {
      await expect(writeCsv(path)).rejects.toMatchObject({ code: 'OUTPUT_FAILED', file: path });
      expect(lstatSync(path).isSocket()).toBe(true);
      expect(names(dir())).toEqual(['socket']);
    } finally {
      server.close();
    }
  });

  withDescriptorLinks('appends to the file behind a descriptor link, as /dev/stdout is (Linux only)', async () => {
    const log = join(dir(), 'log.csv');
    writeFileSync(log, 'before\n');
    const fd = openSync(log, 'a');
    try {
      const link = join(dir(), 'stdout');
      symlinkSync(`/proc/self/fd/${fd}`, link);
      const file = await writeCsv(link);
      expect(file.tempPath).toBeUndefined();
      expect(readFileSync(log, 'utf8')).toBe('before\na,b\n1,2\n');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(names(dir())).toEqual(['log.csv', 'stdout']);
    } finally {
      closeSync(fd);
    }
  });
});

describe('createAtomicFile through a symbolic link', () => {
  it('replaces the file the link points to, in its own folder, and keeps the link', async () => {
    const data = join(dir(), 'data');
    mkdirSync(data);
    const real = join(data, 'real.csv');
    writeFileSync(real, 'old');
    const link = join(dir(), 'out.csv');
    symlinkSync(real, link);
    const file = await createAtomicFile(link);
    expect(dirname(file.tempPath ?? '')).toBe(data);
    file.stream.end('a,b\n1,2\n');
    await file.commit();
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(real, 'utf8')).toBe('a,b\n1,2\n');
    expect(names(dir())).toEqual(['data', 'out.csv']);
    expect(names(data)).toEqual(['real.csv']);
  });

  it('creates the file a dangling link points to, where its folder exists', async () => {
    const data = join(dir(), 'data');
    mkdirSync(data);
    const real = join(data, 'new.csv');
    const link = join(dir(), 'out.csv');
    symlinkSync(real, link);
    await writeCsv(link);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('a,b\n1,2\n');
    expect(names(data)).toEqual(['new.csv']);
  });

  it('follows a chain of relative links as the system does, `..` from a linked folder included', async () => {
    // alias -> deep/inner; alias/out.csv -> ../chain.csv, which is deep/chain.csv (not ./chain.csv);
    // deep/chain.csv -> files/real.csv, which does not exist yet.
    mkdirSync(join(dir(), 'deep', 'inner'), { recursive: true });
    mkdirSync(join(dir(), 'deep', 'files'));
    symlinkSync(join('deep', 'inner'), join(dir(), 'alias'));
    symlinkSync(join('..', 'chain.csv'), join(dir(), 'alias', 'out.csv'));
    symlinkSync(join('files', 'real.csv'), join(dir(), 'deep', 'chain.csv'));
    const real = join(dir(), 'deep', 'files', 'real.csv');
    await writeCsv(join(dir(), 'alias', 'out.csv'));
    expect(readFileSync(real, 'utf8')).toBe('a,b\n1,2\n');
    await writeCsv(join(dir(), 'alias', 'out.csv'), [['3', '4']]); // now it exists: replaced
    expect(readFileSync(real, 'utf8')).toBe('a,b\n3,4\n');
    expect(lstatSync(join(dir(), 'alias', 'out.csv')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir(), 'deep', 'chain.csv')).isSymbolicLink()).toBe(true);
    expect(names(dir())).toEqual(['alias', 'deep']);
    expect(names(join(dir(), 'deep', 'files'))).toEqual(['real.csv']);
  });

  it('refuses a loop of links with an output error, leaving the links as they are', async () => {
    const link = join(dir(), 'out.csv');
    symlinkSync('loop.csv', link);
    symlinkSync('out.csv', join(dir(), 'loop.csv'));
    await expect(createAtomicFile(link)).rejects.toMatchObject({ code: 'OUTPUT_FAILED', file: link });
    expect(readlinkSync(link)).toBe('loop.csv');
    expect(names(dir())).toEqual(['loop.csv', 'out.csv']);
  });
});

describe('createAtomicFile permissions', () => {
  /** What this process's umask takes from a new file's bits, seen on a file it creates. */
  function umask(): number {
    const probe = join(dir(), 'probe');
    writeFileSync(probe, '', { mode: 0o777 });
    const mask = 0o777 & ~statSync(probe).mode;
    rmSync(probe);
    return mask;
  }
  const mode = (path: string): number => statSync(path).mode & 0o777;

  it('keeps the permission bits of the file it replaces; a new file gets 0666 less the umask', async () => {
    const mask = umask();
    const target = join(dir(), 'out.csv');
    await writeCsv(target);
    expect(mode(target)).toBe(0o666 & ~mask);
    for (const bits of [0o600, 0o640, 0o666, 0o400, 0o600]) {
      chmodSync(target, bits);
      await writeCsv(target);
      expect(mode(target)).toBe(bits);
    }
    expect(names(dir())).toEqual(['out.csv']);
  });

  it('creates the temporary file with no more bits than the file it replaces, before any byte is written', async () => {
    const target = join(dir(), 'out.csv');
    writeFileSync(target, 'old', { mode: 0o600 });
    const file = await createAtomicFile(target);
    expect(mode(file.tempPath ?? '')).toBe(0o600);
    await file.abort();
    expect(names(dir())).toEqual(['out.csv']);
  });

  asRoot('keeps the owner and group of the file it replaces (root only: needs chown)', async () => {
    const target = join(dir(), 'out.csv');
    writeFileSync(target, 'old', { mode: 0o600 });
    chownSync(target, 4321, 8765);
    await writeCsv(target);
    const info = statSync(target);
    expect({ uid: info.uid, gid: info.gid, mode: info.mode & 0o777 }).toEqual({ uid: 4321, gid: 8765, mode: 0o600 });
    expect(readFileSync(target, 'utf8')).toBe('a,b\n1,2\n');
  });

  it('keeps the bits of the file a link points to', async () => {
    const real = join(dir(), 'real.csv');
    writeFileSync(real, 'old');
    chmodSync(real, 0o600);
    const link = join(dir(), 'out.csv');
    symlinkSync('real.csv', link);
    await writeCsv(link);
    expect(mode(real)).toBe(0o600);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
