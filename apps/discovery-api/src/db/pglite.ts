import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/** PGlite keeps the whole cluster in one directory and is single-process: only one process
 * may open a data directory at a time (see server/owner-lock.ts). `dataDir` undefined keeps
 * the database in memory, which tests use. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]): Promise<Row[]> =>
    (await target.query<Row>(sql, params === undefined ? [] : [...params])).rows;
  let closed = false;
  return {
    engine: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) =>
      pg.transaction(async (tx) => {
        const scoped: Queryable = { query: (sql, params) => run(tx, sql, params) };
        return work(scoped);
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
