import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | undefined };

/** Opens the configured engine and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const db = target.kind === 'postgres' ? await openPostgres(target.url) : await openPglite(target.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
