import type { Database } from '../db/database';
import { bundledSampleSnapshot, validateSnapshot } from '../discovery/snapshot-format';
import { SnapshotStore } from '../store/snapshots';
import { TokenStore } from '../store/tokens';
import type { AdminOperations } from './admin-operations';

/** Admin operations on an open database (PostgreSQL, or PGlite while no server runs). */
export function localAdmin(db: Database, onClose: () => Promise<void>): AdminOperations {
  const tokens = new TokenStore(db);
  const snapshots = new SnapshotStore(db);
  return {
    via: db.engine === 'pglite' ? 'embedded database' : 'PostgreSQL',
    createToken: (name, scopes) => tokens.create(name, scopes),
    listTokens: () => tokens.list(),
    revokeToken: (id) => tokens.revoke(id),
    loadSnapshot: async (source, content) => {
      validateSnapshot(content, source);
      return snapshots.save(source, content);
    },
    exportSnapshot: async () => {
      const latest = await snapshots.latestInfo();
      return latest === undefined ? bundledSampleSnapshot() : snapshots.content(latest.id);
    },
    close: async () => {
      await db.close();
      await onClose();
    },
  };
}
