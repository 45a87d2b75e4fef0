import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';

/** An in-memory PGlite with the schema applied: the embedded default, without a folder. */
export function openMemoryDatabase(): Promise<Database> {
  return openDatabase({ kind: 'pglite', dataDir: undefined });
}

/** The server that integration tests create throw-away databases on. The `postgres` role
 * is the one with CREATEDB on the development and CI machines. */
export const TEST_POSTGRES_ADMIN_URL = process.env.DISCOVERY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.DISCOVERY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Creates `disc_test_<random>` and returns its URL; `drop()` removes it again. */
export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const name = `disc_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
