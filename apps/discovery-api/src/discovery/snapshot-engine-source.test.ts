import type { Database } from '../db/database';
import { SnapshotStore } from '../store/snapshots';
import { openMemoryDatabase } from '../test-support/databases';
import type { DiscoveryEngine } from './engine';
import { snapshotEngineSource } from './snapshot-engine-source';

let db: Database;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('snapshotEngineSource', () => {
  it('builds one engine per snapshot and notices a snapshot loaded elsewhere after the poll interval', async () => {
    const built: unknown[] = [];
    const factory = (snapshot: unknown): DiscoveryEngine => {
      built.push(snapshot);
      return { id: built.length } as unknown as DiscoveryEngine;
    };
    let now = 0;
    const source = snapshotEngineSource(db, factory, 1000, () => now);
    const first = await source.current();
    expect(await source.current()).toBe(first);
    expect(built).toEqual([undefined]);

    await new SnapshotStore(db).save('other-instance.json', { marker: 1 });
    now = 500;
    expect(await source.current()).toBe(first);
    now = 1500;
    const second = await source.current();
    expect(second).not.toBe(first);
    expect(built).toEqual([undefined, { marker: 1 }]);

    await new SnapshotStore(db).save('this-instance.json', { marker: 2 });
    source.invalidate();
    await source.current();
    expect(built).toEqual([undefined, { marker: 1 }, { marker: 2 }]);
  });
});
