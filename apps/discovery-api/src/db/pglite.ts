import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import { isNewDataDir, readPgliteTemplate } from './pglite-template';

export interface PgliteOptions {
  /** The stored fresh cluster a new database is unpacked from (pglite-template.ts); the build's by default. */
  template?: string;
}

/** PGlite keeps the whole cluster in one directory and is single-process: only one process
 * may open a data directory at a time (see server/owner-lock.ts). `dataDir` undefined keeps
 * the database in memory, which tests use. */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  const pg = await startPglite(dataDir, options.template);
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

/**
 * The folder is made its owner's alone first (ownerOnly). A new data folder is unpacked from the
 * build's fresh cluster when there is one; an existing one opens as it is, and so does a
 * database in memory (there `initdb` writes no files and takes as long as unpacking). Should the
 * stored cluster not load, what it unpacked is removed (the folder held nothing before) and
 * `initdb` makes the database, as without a stored cluster.
 */
async function startPglite(dataDir: string | undefined, templatePath: string | undefined): Promise<PGlite> {
  if (dataDir === undefined) return ready(new PGlite());
  ownerOnly(dataDir);
  const template = isNewDataDir(dataDir) ? readPgliteTemplate(templatePath) : undefined;
  if (template !== undefined) {
    try {
      return await ready(new PGlite(dataDir, { loadDataDir: template }));
    } catch {
      for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true });
    }
  }
  return ready(new PGlite(dataDir));
}

async function ready(pg: PGlite): Promise<PGlite> {
  await pg.waitReady;
  return pg;
}

/**
 * The database folder is its owner's alone (mode 0700), whatever it was: PGlite writes its files
 * readable and writable by everyone (0666), and they hold webhook secrets and token hashes.
 * Without search permission on the folder no other user reaches them. Created when missing.
 */
function ownerOnly(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
