import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { createScratchPostgres } from '@fin/test-utils';

/** A fresh test database, PGlite in memory or a uniquely named PostgreSQL database. */
export interface TestDatabase {
  readonly engine: 'pglite' | 'postgres';
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function openPglite(): Promise<TestDatabase> {
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
