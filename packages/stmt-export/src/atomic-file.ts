import { close, constants, createWriteStream, fchmod, fchown, fstat, open, type Stats } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { BlockFileStream } from './block-file-stream';
import { outputError } from './errors';
import { outputDestination, type OutputDestination } from './output-destination';
import { syncFolder } from './sync-folder';
import { temporarySibling, trackTempPath, untrackTempPath } from './temp-files';

/**
 * A file written through a temporary sibling and renamed over the target only once complete, so
 * readers never see a truncated CSV. `write-file-atomic` takes whole buffers only; this streams.
 * What is not a regular file (a device such as `/dev/null`, a FIFO, `/dev/stdout`) is written
 * straight through; a symbolic link stays a link and the file it points to is replaced; a
 * replaced file's permission bits (and, where the process may set them, its owner and group) are
 * kept. See `outputDestination`.
 */
export interface AtomicFile {
  /** The output as given. */
  readonly target: string;
  /** The temporary file, beside the file replaced; undefined for output written straight through. */
  readonly tempPath: string | undefined;
  readonly stream: Writable;
  /**
   * Waits for the stream to finish (call `stream.end()` or let a writer end it): its content is
   * then fsynced. Renames it over the target, then fsyncs the target's folder so the new name
   * survives a power loss too, unless `syncFolder: false` (a caller renaming many files into one
   * folder syncs it once, after the last, with `syncFolder`; the folder of a file a link points
   * to is synced here all the same). Output written straight through is complete once the
   * stream has finished: nothing to sync, nothing to rename.
   */
  commit(options?: { syncFolder?: boolean }): Promise<void>;
  /** Discards the temporary file; safe to call after a failure at any point, and more than once. */
  abort(): Promise<void>;
}

function openFile(path: string, flags: string | number, mode?: number): Promise<number> {
  return new Promise((resolve, reject) =>
    open(path, flags, mode, (error, fd) => (error ? reject(error) : resolve(fd))),
  );
}

/**
 * `absent`: the caller listed the target's folder and the target was not there (a folder
 * conversion, for each of its outputs), so nothing needs to be looked up before the temporary
 * file is created. In a folder busy with other files' creations and renames, looking up a name
 * that does not exist waits for them: 0.2 ms a file on this thread, against 0.03 ms for a name
 * that exists (`strace -T` on a 500-file folder conversion).
 */
export async function createAtomicFile(target: string, options: { absent?: boolean } = {}): Promise<AtomicFile> {
  let destination: OutputDestination;
  try {
    destination =
      options.absent === true
        ? { kind: 'replace', path: target, existing: undefined }
        : await outputDestination(target);
  } catch (error) {
    throw outputError(target, 'cannot follow its symbolic link', error);
  }
  return destination.kind === 'through'
    ? writeThrough(target, destination.path, destination.append)
    : replaceFile(target, destination.path, destination.existing);
}

async function replaceFile(target: string, path: string, existing: Stats | undefined): Promise<AtomicFile> {
  const tempPath = temporarySibling(path);
  // Tracked until committed or aborted, so a signal or a closed pipe can remove it synchronously.
  trackTempPath(tempPath);
  // A new file gets 0666 less the umask, as any file the user creates; a replaced file's bits are
  // given at creation too, so the temporary file is never readable by more than the file it replaces.
  const mode = existing === undefined ? 0o666 : existing.mode & 0o777;
  let fd: number;
  try {
    fd = await openFile(tempPath, 'wx', mode);
  } catch (error) {
    untrackTempPath(tempPath);
    throw outputError(target, 'cannot create a temporary file beside it', error);
  }
  if (existing !== undefined) {
    try {
      await keepOwnerAndMode(fd, existing, mode);
    } catch (error) {
      await new Promise<void>((resolve) => close(fd, () => resolve()));
      await unlink(tempPath).catch(() => undefined);
      untrackTempPath(tempPath);
      throw outputError(target, 'cannot give the new file the permissions of the one it replaces', error);
    }
  }
  // Written in blocks, and fsynced through the descriptor that wrote it before `finish`: after a
  // crash the name never points at missing data.
  const stream = new BlockFileStream(fd);
  let settled = false;
  const abort = async (): Promise<void> => {
    if (settled) return;
    settled = true;
    await destroyed(stream);
    await unlink(tempPath).catch(() => undefined);
    untrackTempPath(tempPath);
  };

  return {
    target,
    tempPath,
    stream,
    async commit(options = {}) {
      try {
        await finished(stream);
        await rename(tempPath, path);
        settled = true;
        untrackTempPath(tempPath);
      } catch (error) {
        await abort();
        throw outputError(target, 'cannot complete it', error);
      }
      // The caller's one fsync of the output folder would miss the folder a link points into.
      if (options.syncFolder !== false || dirname(path) !== dirname(target)) await syncFolder(dirname(path));
    },
    abort,
  };
}

/**
 * A device, a FIFO or a descriptor: opened as it is (neither created nor truncated; a FIFO's
 * open waits for its reader), written as a stream, never fsynced (they have nothing to sync).
 */
async function writeThrough(target: string, path: string, append: boolean): Promise<AtomicFile> {
  const flags = constants.O_WRONLY | (constants.O_NOCTTY ?? 0) | (append ? constants.O_APPEND : 0);
  let fd: number;
  try {
    fd = await openFile(path, flags);
  } catch (error) {
    throw outputError(target, 'cannot open it for writing', error);
  }
  const stream = createWriteStream(path, { fd, autoClose: true });
  let settled = false;
  const abort = async (): Promise<void> => {
    if (settled) return;
    settled = true;
    await destroyed(stream);
  };
  return {
    target,
    tempPath: undefined,
    stream,
    async commit() {
      try {
        await finished(stream);
        settled = true;
      } catch (error) {
        await abort();
        throw outputError(target, 'cannot complete it', error);
      }
    },
    abort,
  };
}

/** Waits for the stream to close, and throws unless it finished: all its data written. */
async function finished(stream: Writable): Promise<void> {
  if (!stream.closed) await once(stream, 'close');
  if (stream.errored !== null) throw stream.errored;
  if (!stream.writableFinished) throw new Error('the file was closed before it was complete');
}

async function destroyed(stream: Writable): Promise<void> {
  if (stream.closed) return;
  const closed = once(stream, 'close');
  stream.destroy();
  await closed.catch(() => undefined);
}

/** The process's effective user and group, which own the files it creates. Undefined on Windows. */
const processIds = { uid: process.geteuid?.(), gid: process.getegid?.() };

const fchownAsync = promisify(fchown);
const fchmodAsync = promisify(fchmod);
const fstatAsync = promisify(fstat);

/**
 * What this process's umask is known to do to permission bits, learned from its own temporary
 * files: `clears` the bits it was seen to take away, `keeps` those it was seen to leave.
 */
const umask = { clears: 0, keeps: 0 };

/**
 * Gives the temporary file the owner and group of the file it replaces, where the process may
 * (as root, or as the owner changing the group to one of its own); the system refuses otherwise
 * and the file stays the process's. Then its permission bits: created with `mode` less the
 * umask, it needs an `fchmod` only when the umask took bits away. Whether it did is learned once
 * (one `fstat`) for the bits of the first such file and remembered for the process, so replacing
 * a folder's files of one mode costs no call per file. Should the process change its umask later,
 * or a folder's default ACL take bits away, a file may come out with fewer bits than the one it
 * replaced, never with more: it is created with no more than `mode`.
 */
async function keepOwnerAndMode(fd: number, existing: Stats, mode: number): Promise<void> {
  if (processIds.uid !== undefined && (existing.uid !== processIds.uid || existing.gid !== processIds.gid)) {
    await fchownAsync(fd, existing.uid, existing.gid).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPERM') throw error;
    });
  }
  if ((mode & umask.clears) === 0) {
    if ((mode & ~umask.keeps) === 0) return;
    const given = (await fstatAsync(fd)).mode & 0o777;
    umask.keeps |= given;
    umask.clears |= mode & ~given;
    if (given === mode) return;
  }
  await fchmodAsync(fd, mode);
}
