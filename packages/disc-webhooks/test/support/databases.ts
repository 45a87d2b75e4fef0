import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Client, Pool } from 'pg';
import type { SqlClient, SqlQueryable } from '@disc/webhooks';
import { OUTBOX_MIGRATION_PATH, pgPoolClient, splitStatements } from '@disc/webhooks';

/** A test database: the SQL port the library uses, plus a way to run DDL and to clean up. */
export interface TestDatabase extends SqlClient {
  readonly engine: 'pglite' | 'postgres';
  /** A second, independent connection pool to the same database (a second worker process). */
  connect(): Promise<SqlClient & { close(): Promise<void> }>;
  close(): Promise<void>;
}

// The discovery API's `webhooks` table (apps/discovery-api/migrations/0001_initial.sql),
// without its foreign key to api_tokens, which this package does not know about.
const APP_WEBHOOKS_TABLE = `
CREATE TABLE webhooks (
  id text PRIMARY KEY, url text NOT NULL, events text[] NOT NULL, secret text NOT NULL,
  active boolean NOT NULL DEFAULT true, token_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), deleted_at timestamptz
)`;

export async function migrate(db: SqlQueryable, withAppTable = true): Promise<void> {
  const statements = [...(withAppTable ? [APP_WEBHOOKS_TABLE] : []), ...splitStatements(readFileSync(OUTBOX_MIGRATION_PATH, 'utf8'))];
  for (const statement of statements) await db.query(statement);
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

const ADMIN = { host: '127.0.0.1', port: 5432, user: process.env['PGUSER'] ?? 'postgres', database: 'test' };

/** Whether PostgreSQL answers on 127.0.0.1:5432, checked synchronously so that a test file
 * can choose `describe` or `describe.skip` while it is being collected. */
export function postgresReachable(): boolean {
  const probe = `require('net').connect(${ADMIN.port}, '${ADMIN.host}').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

/** `describe` when PostgreSQL is reachable; otherwise `describe.skip` with the reason printed,
 * except in CI, where a missing server must fail the run. */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresReachable() || process.env['CI'] !== undefined) {
    describe(name, body);
    return;
  }
  console.warn(`Skipping "${name}": PostgreSQL is not reachable at ${ADMIN.host}:${ADMIN.port} (set CI to make this an error).`);
  describe.skip(name, body);
}

/** A fresh, uniquely named database on the local PostgreSQL server, dropped by `close()`. */
export async function openPostgres(): Promise<TestDatabase> {
  const name = `disc_webhooks_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new Client(ADMIN);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pools: Pool[] = [];
  const connect = async (): Promise<SqlClient & { close(): Promise<void> }> => {
    const pool = new Pool({ ...ADMIN, database: name, max: 4 });
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
      const dropper = new Client(ADMIN);
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
