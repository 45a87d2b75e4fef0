import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server that integration tests create throw-away databases on. The `postgres` role
 * is the one with CREATEDB on the development and CI machines. */
export const TEST_POSTGRES_ADMIN_URL =
  process.env['DISCOVERY_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env['DISCOVERY_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Runs `sql` as the administrator of the test server (creating and dropping databases and roles). */
export async function asAdmin(sql: string): Promise<void> {
  const admin = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<random>` and returns its URL; `drop()` removes it again. */
export async function createScratchPostgres(prefix = 'disc_test'): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Whether the test PostgreSQL server answers, checked synchronously so that a test file
 * can choose `describe` or `describe.skip` while it is being collected. */
export function postgresReachable(): boolean {
  const { hostname, port } = new URL(TEST_POSTGRES_ADMIN_URL);
  const probe = `require('net').connect(${Number(port || 5432)}, '${hostname}').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

/** `describe` when PostgreSQL is reachable; otherwise `describe.skip` with the reason printed,
 * except in CI, where a missing server must fail the run. */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresReachable() || process.env['CI'] !== undefined) {
    describe(name, body);
    return;
  }
  console.warn(
    `Skipping "${name}": PostgreSQL is not reachable at ${new URL(TEST_POSTGRES_ADMIN_URL).host} (set CI to make this an error).`,
  );
  describe.skip(name, body);
}
