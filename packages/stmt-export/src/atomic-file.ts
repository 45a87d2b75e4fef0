import { createWriteStream } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { outputError } from './errors';
import { temporarySibling, trackTempPath, untrackTempPath } from './temp-files';

/**
 * A file written through a temporary sibling and renamed over the target only once complete, so
 * readers never see a truncated CSV. `write-file-atomic` takes whole buffers only; this streams.
 */
export interface AtomicFile {
  readonly target: string;
  readonly tempPath: string;
  readonly stream: Writable;
  /** Waits for the stream to close (call `stream.end()` or let a writer end it), fsyncs, renames. */
  commit(): Promise<void>;
  /** Discards the temporary file; safe to call after a failure at any point, and more than once. */
  abort(): Promise<void>;
}

export async function createAtomicFile(target: string): Promise<AtomicFile> {
  const tempPath = temporarySibling(target);
  const stream = createWriteStream(tempPath, { flags: 'wx' });
  // Tracked until committed or aborted, so a signal or a closed pipe can remove it synchronously.
  trackTempPath(tempPath);
  try {
    await once(stream, 'open');
  } catch (error) {
    untrackTempPath(tempPath);
    throw outputError(target, 'cannot create a temporary file beside it', error);
  }
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
    async commit() {
      try {
        if (!stream.closed) await once(stream, 'close');
        // fsync before the rename, so that after a crash the name never points at missing data.
        const handle = await open(tempPath, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tempPath, target);
        settled = true;
        untrackTempPath(tempPath);
      } catch (error) {
        await abort();
        throw outputError(target, 'cannot complete it', error);
      }
    },
    abort,
  };
}
