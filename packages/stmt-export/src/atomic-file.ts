import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
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
  /** Waits for the stream to close, fsynced (call `stream.end()` or let a writer end it), then renames. */
  commit(): Promise<void>;
  /** Discards the temporary file; safe to call after a failure at any point, and more than once. */
  abort(): Promise<void>;
}

export async function createAtomicFile(target: string): Promise<AtomicFile> {
  const tempPath = temporarySibling(target);
  // `flush`: the stream fsyncs its descriptor before closing it, so that after a crash the name
  // never points at missing data (without opening the file a second time to fsync it).
  const stream = createWriteStream(tempPath, { flags: 'wx', flush: true });
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
        if (stream.errored !== null) throw stream.errored;
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
