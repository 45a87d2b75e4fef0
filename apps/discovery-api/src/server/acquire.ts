import { setTimeout as sleep } from 'node:timers/promises';
import { DataDirBusyError, acquireOwner, type Owner, type OwnerLock } from './owner-lock';

/** Takes the data-folder lock, waiting while a short-lived CLI command holds it; a live
 * server holding it is an error at once (two servers cannot share an embedded database). */
export async function acquireWhenFree(dataDir: string, kind: Owner['kind'], waitMs = 30_000): Promise<OwnerLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await acquireOwner(dataDir, kind);
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || error.owner.kind === 'server' || Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}
