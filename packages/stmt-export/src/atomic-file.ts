import { open } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { BlockFileStream } from './block-file-stream';
import { outputError } from './errors';
import { syncFolder } from './sync-folder';
import { temporarySibling, trackTempPath, untrackTempPath } from './temp-files';

/**
 * A file written through a temporary sibling and renamed over the target only once complete, so
 * readers never see a truncated CSV. `write-file-atomic` takes whole buffers only; this streams.
 */
export interface AtomicFile {
  readonly target: string;
  readonly tempPath: string;
  readonly stream: Writable;
  /**
   * Waits for the stream to finish (call `stream.end()` or let a writer end it): its content is
   * then fsynced. Renames it over the target, then fsyncs the target's folder so the new name
   * survives a power loss too, unless `syncFolder: false` (a caller renaming many files into one
   * folder syncs it once, after the last, with `syncFolder`).
   */
  commit(options?: { syncFolder?: boolean }): Promise<void>;
  /** Discards the temporary file; safe to call after a failure at any point, and more than once. */
  abort(): Promise<void>;
}

function openExclusive(path: string): Promise<number> {
  return new Promise((resolve, reject) => open(path, 'wx', (error, fd) => (error ? reject(error) : resolve(fd))));
}

export async function createAtomicFile(target: string): Promise<AtomicFile> {
  const tempPath = temporarySibling(target);
  // Tracked until committed or aborted, so a signal or a closed pipe can remove it synchronously.
  trackTempPath(tempPath);
  let fd: number;
  try {
    fd = await openExclusive(tempPath);
  } catch (error) {
    untrackTempPath(tempPath);
    throw outputError(target, 'cannot create a temporary file beside it', error);
  }
  // Written in blocks, and fsynced through the descriptor that wrote it before `finish`: after a
  // crash the name never points at missing data.
  const stream = new BlockFileStream(fd);
  let settled = false;
  const abort = async (): Promise<void> => {
    if (settled) return;
    settled = true;
    if (!stream.closed) {
      const closed = once(stream, 'close');
      stream.destroy();
      await closed.catch(() => undefined);
    }
    await unlink(tempPath).catch(() => undefined);
    untrackTempPath(tempPath);
  };

  return {
    target,
    tempPath,
    stream,
    async commit(options = {}) {
      try {
        if (!stream.closed) await once(stream, 'close');
        if (stream.errored !== null) throw stream.errored;
        if (!stream.writableFinished) throw new Error('the file was closed before it was complete');
        await rename(tempPath, target);
        settled = true;
        untrackTempPath(tempPath);
      } catch (error) {
        await abort();
        throw outputError(target, 'cannot complete it', error);
      }
      if (options.syncFolder !== false) await syncFolder(dirname(target));
    },
    abort,
  };
}
