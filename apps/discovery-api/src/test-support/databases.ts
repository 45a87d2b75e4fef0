import type { Database } from '../db/database';
import { openDatabase } from '../db/open';

/** An in-memory PGlite with the schema applied: the embedded default, without a folder. */
export function openMemoryDatabase(): Promise<Database> {
  return openDatabase({ kind: 'pglite', dataDir: undefined });
}
