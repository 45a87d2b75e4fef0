import { open, type FileHandle } from 'node:fs/promises';
import { outputError } from './errors';

/**
 * Why a folder cannot be fsynced where there is nothing to be done about it: the platform or
 * file system has no such call (Windows, some network and FUSE file systems), or the folder may
 * be written but not opened for reading.
 */
const CANNOT_SYNC_FOLDER = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'EISDIR', 'EPERM', 'EACCES']);

/**
 * Fsyncs a folder, so that the files renamed into it so far keep their names after a power loss
 * (POSIX makes a rename durable only once its folder is synced). One call covers every rename
 * made before it: a folder of converted files is synced once, after the last rename.
 */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!CANNOT_SYNC_FOLDER.has((error as NodeJS.ErrnoException).code ?? '')) {
      throw outputError(dir, 'cannot flush the folder to disk', error);
    }
  } finally {
    await handle?.close();
  }
}
