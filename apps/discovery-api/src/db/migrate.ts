import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { applyMigrations, type SqlMigration } from '@disc/sql';
import { WEBHOOK_MIGRATIONS } from '@disc/webhooks';
import type { Database } from './database';

/** The folder of plain `.sql` migrations, shipped beside `dist/` (package.json "files"). */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

/** Migrations that libraries ship for the tables they query, applied in id order between the
 * app's own: the webhook tables belong to @disc/webhooks. */
export const LIBRARY_MIGRATIONS: readonly SqlMigration[] = WEBHOOK_MIGRATIONS;

/** Applies, in id order, every migration (the app's and its libraries') not yet recorded in
 * `schema_migrations`. Returns the ids applied by this call. Each runs in its own transaction. */
export async function migrate(
  db: Database,
  dir: string = MIGRATIONS_DIR,
  library: readonly SqlMigration[] = LIBRARY_MIGRATIONS,
): Promise<string[]> {
  const own = (await readdir(dir)).filter((name) => name.endsWith('.sql')).map((id) => ({ id, path: join(dir, id) }));
  return applyMigrations(db, [...own, ...library]);
}
