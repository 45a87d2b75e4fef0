import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { applyMigrations, pgPoolClient, type SqlClient } from '@disc/sql';
import { WEBHOOK_MIGRATIONS } from '@disc/webhooks';
import { createScratchPostgres } from '@fin/test-utils';

/** A test database: the SQL port the library uses, plus a way to run DDL and to clean up. */
export interface TestDatabase extends SqlClient {
  readonly engine: 'pglite' | 'postgres';
  /** A second, independent connection pool to the same database (a second worker process). */
  connect(): Promise<SqlClient & { close(): Promise<void> }>;
  close(): Promise<void>;
}

// A column an app adds to the package's `webhooks` table (the discovery API's token_id,
// without its foreign key to api_tokens, which this package does not know about).
const APP_COLUMN = 'ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS token_id text NOT NULL';

export async function migrate(db: SqlClient, withAppColumn = true): Promise<void> {
  await applyMigrations(db, WEBHOOK_MIGRATIONS);
  if (withAppColumn) await db.query(APP_COLUMN);
}

export async function openPglite(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const pg = new PGlite();
  await pg.waitReady;
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]): Promise<Row[]> =>
    (await target.query<Row>(sql, params === undefined ? [] : [...params])).rows;
  const client: SqlClient = {
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
  };
  if (options.migrate !== false) await migrate(client);
  return {
    ...client,
    engine: 'pglite',
    // PGlite is single-connection: a "second worker" shares it, as in one API process.
    connect: async () => ({ ...client, close: async () => undefined }),
    close: () => pg.close(),
  };
}

/** A fresh, uniquely named database on the local PostgreSQL server, dropped by `close()`. */
export async function openPostgres(): Promise<TestDatabase> {
  const scratch = await createScratchPostgres('disc_webhooks');
  const pools: Pool[] = [];
  const connect = async (): Promise<SqlClient & { close(): Promise<void> }> => {
    const pool = new Pool({ connectionString: scratch.url, max: 4 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return { ...pgPoolClient(pool), close: () => pool.end() };
  };
  const main = await connect();
  await migrate(main);
  return {
    ...main,
    engine: 'postgres',
    connect,
    close: async () => {
      await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
      await scratch.drop();
    },
  };
}
