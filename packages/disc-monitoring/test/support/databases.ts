import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createScratchPostgres } from '@fin/test-utils';

/** A fresh test database, PGlite in memory or a uniquely named PostgreSQL database. */
export interface TestDatabase {
  readonly engine: 'pglite' | 'postgres';
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

interface PgliteLike {
  waitReady: Promise<void>;
  query<Row>(sql: string, params: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

interface PoolLike {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}

// @disc/monitoring holds pure functions and depends on no database client: its tests take
// PGlite and node-postgres from the workspace packages that depend on them (@disc/webhooks'
// tests use PGlite, the shared test helpers @fin/test-utils use node-postgres).
const packagesDir = join(__dirname, '..', '..', '..');
const borrow = (fromPackage: string, name: string): unknown =>
  createRequire(join(packagesDir, fromPackage, 'package.json'))(name);

export async function openPglite(): Promise<TestDatabase> {
  const { PGlite } = borrow('disc-webhooks', '@electric-sql/pglite') as { PGlite: new () => PgliteLike };
  const pg = new PGlite();
  await pg.waitReady;
  return {
    engine: 'pglite',
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      (await pg.query<Row>(sql, params === undefined ? [] : [...params])).rows,
    close: () => pg.close(),
  };
}

export async function openPostgres(): Promise<TestDatabase> {
  const { Pool } = borrow('test-utils', 'pg') as { Pool: new (config: { connectionString: string }) => PoolLike };
  const scratch = await createScratchPostgres('disc_monitoring');
  const pool = new Pool({ connectionString: scratch.url });
  pool.on('error', () => undefined);
  return {
    engine: 'postgres',
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      (await pool.query(sql, params === undefined ? [] : [...params])).rows as Row[],
    close: async () => {
      await pool.end().catch(() => undefined);
      await scratch.drop();
    },
  };
}
