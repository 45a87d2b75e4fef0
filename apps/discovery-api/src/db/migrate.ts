import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTBOX_MIGRATION_PATH, splitStatements } from '@disc/webhooks';
import type { Database } from './database';

/** The folder of plain `.sql` migrations, shipped beside `dist/` (package.json "files"). */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

/** Migrations that libraries ship, applied under a fixed version between the app's own. The
 * webhook outbox belongs to @disc/webhooks; once released, a change to it needs a new
 * migration here rather than an edit of the library's file. */
export const LIBRARY_MIGRATIONS: Readonly<Record<string, string>> = {
  '0002_webhook_outbox.sql': OUTBOX_MIGRATION_PATH,
};

// Any constant works; it only has to be the same for every instance, so that two API
// processes starting together against one PostgreSQL apply each migration exactly once.
const MIGRATION_LOCK_KEY = 4_711_2026;

/** Applies, in file-name order, every migration not yet recorded in `schema_migrations`.
 * Returns the names applied by this call. Each file runs in its own transaction. */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR, library = LIBRARY_MIGRATIONS): Promise<string[]> {
  const own = (await readdir(dir)).filter((name) => name.endsWith('.sql'));
  const paths = new Map<string, string>([...own.map((name): [string, string] => [name, join(dir, name)]), ...Object.entries(library)]);
  const files = [...paths.keys()].sort();
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(paths.get(file) as string, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
