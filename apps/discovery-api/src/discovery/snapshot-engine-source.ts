import type { Database } from '../db/database';
import { SnapshotStore } from '../store/snapshots';
import type { DiscoveryEngine, EngineSource } from './engine';

/** Builds the engine for a snapshot's content; `undefined` means the bundled sample. */
export type EngineFactory = (snapshot: unknown) => DiscoveryEngine | Promise<DiscoveryEngine>;

export interface SnapshotEngineSource extends EngineSource {
  /** Check for a new snapshot on the next request (after a load through this instance). */
  invalidate(): void;
}

/** The engine over the newest loaded snapshot. Another instance may load one (shared
 * PostgreSQL), so the newest id is re-read at most every `pollMs`; a load through this
 * instance takes effect at once. */
export function snapshotEngineSource(
  db: Database,
  factory: EngineFactory,
  pollMs: number,
  now: () => number = Date.now,
): SnapshotEngineSource {
  const snapshots = new SnapshotStore(db);
  let loaded: { id: number | undefined; engine: DiscoveryEngine } | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<DiscoveryEngine> | undefined;

  const refresh = async (): Promise<DiscoveryEngine> => {
    const latest = await snapshots.latestInfo();
    checkedAt = now();
    if (loaded !== undefined && loaded.id === latest?.id) return loaded.engine;
    const content = latest === undefined ? undefined : await snapshots.content(latest.id);
    loaded = { id: latest?.id, engine: await factory(content) };
    return loaded.engine;
  };

  return {
    current: () => {
      if (loaded !== undefined && now() - checkedAt < pollMs) return Promise.resolve(loaded.engine);
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate: () => {
      checkedAt = -Infinity;
    },
  };
}
