import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiConfig } from '../config';
import { openDatabase } from '../db/open';
import { readAdminSecret } from '../server/admin-secret';
import { DataDirBusyError, acquireOwner, readOwner } from '../server/owner-lock';
import type { AdminOperations } from './admin-operations';
import { localAdmin } from './local-admin';
import { remoteAdmin } from './remote-admin';

/** Reaches the data the way the configuration allows: PostgreSQL directly (it is shared);
 * an embedded database directly when no server holds it, else through that server. The
 * embedded database is never opened by two processes. */
export async function openAdmin(config: ApiConfig, waitMs = 30_000): Promise<AdminOperations> {
  if (config.database.kind === 'postgres') {
    const db = await openDatabase(config.database);
    return localAdmin(db, () => Promise.resolve());
  }
  const { dataDir } = config;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = await readOwner(dataDir);
    if (owner?.kind === 'server' && owner.port !== undefined) {
      const secret = await readAdminSecret(dataDir);
      if (secret === undefined)
        throw new Error(
          `A server (pid ${owner.pid}) holds ${dataDir}, but its admin secret file is missing or unreadable.`,
        );
      return remoteAdmin(owner.port, secret);
    }
    if (owner === undefined) {
      try {
        const lock = await acquireOwner(dataDir, 'cli');
        try {
          const db = await openDatabase(config.database);
          return localAdmin(db, () => lock.release());
        } catch (error) {
          await lock.release();
          throw error;
        }
      } catch (error) {
        if (!(error instanceof DataDirBusyError)) throw error;
      }
    }
    // A server is starting (no port yet) or another command holds the folder: wait.
    if (Date.now() > deadline)
      throw new Error(`The data folder ${dataDir} stayed busy for ${waitMs / 1000} s (pid ${owner?.pid ?? '?'}).`);
    await sleep(200);
  }
}
