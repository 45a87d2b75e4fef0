import type { Database } from '../db/database';
import { sdkEngineFactory } from '../discovery/sdk-engine';
import { snapshotEngineSource } from '../discovery/snapshot-engine-source';
import { silentLogger } from '../logging';
import { createMonitoring } from '../monitoring/monitoring';
import { bundledSampleSnapshot, validateSnapshot } from '../discovery/snapshot-format';
import { SnapshotStore } from '../store/snapshots';
import { TokenStore } from '../store/tokens';
import { WebhookStore } from '../store/webhooks';
import type { AdminOperations } from './admin-operations';

/** Admin operations on an open database (PostgreSQL, or PGlite while no server runs). */
export function localAdmin(db: Database, onClose: () => Promise<void>): AdminOperations {
  const tokens = new TokenStore(db);
  const snapshots = new SnapshotStore(db);
  const webhooks = new WebhookStore(db);
  return {
    via: db.engine === 'pglite' ? 'embedded database' : 'PostgreSQL',
    createToken: (name, scopes) => tokens.create(name, scopes),
    listTokens: () => tokens.list(),
    revokeToken: (id) => tokens.revoke(id),
    listWebhooks: () => webhooks.listAll(),
    disableWebhook: (id) => webhooks.disableAny(id, 'disabled by an administrator'),
    deleteWebhook: (id) => webhooks.removeAny(id),
    loadSnapshot: async (source, content) => {
      validateSnapshot(content, source);
      const saved = await snapshots.save(source, content);
      // No server holds this database's refresh (PostgreSQL, or an embedded database no
      // server has open): re-score the monitored symbols here, with the new snapshot, so
      // the events are in the outbox when the command returns. Workers deliver them.
      const engine = snapshotEngineSource(db, sdkEngineFactory({ env: process.env }), 0);
      const refresh = await createMonitoring({ db, engine, logger: silentLogger() }).refresh.runNow();
      return { ...saved, refresh };
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
