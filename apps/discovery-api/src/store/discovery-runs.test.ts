import type { Database } from '../db/database';
import { openMemoryDatabase } from '../test-support/databases';
import { DiscoveryRunStore } from './discovery-runs';

let db: Database;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(async () => {
  await db.close();
});

const day = (n: number): Date => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe('discovery_runs retention', () => {
  it('deletes runs older than the retention as new ones are recorded, keeping the newest of each type', async () => {
    const runs = new DiscoveryRunStore(db, 90);
    await runs.record('etf', ['OLD'], day(0));
    await runs.record('crypto', ['LONE'], day(0));
    await runs.record('etf', ['MID'], day(50));
    expect(await runs.record('etf', ['NEW'], day(100))).toEqual(['MID']);
    const left = await db.query<{ asset_type: string; a_plus_symbols: string[] }>(
      'SELECT asset_type, a_plus_symbols FROM discovery_runs ORDER BY run_at, id',
    );
    expect(left.map((r) => `${r.asset_type}:${r.a_plus_symbols.join(',')}`)).toEqual([
      'crypto:LONE',
      'etf:MID',
      'etf:NEW',
    ]);
    // The only run of crypto stays whatever its age: the next run compares with it.
    expect(await runs.prune('crypto', day(1000))).toBe(0);
  });
});
