import { readFile } from 'node:fs/promises';
import type { SqlClient } from './sql-client';

/** One migration: plain SQL in a file, recorded in `schema_migrations` under `id` once
 * applied. Ids sort in the order the migrations run; an applied id is never run again. */
export interface SqlMigration {
  id: string;
  path: string;
}

// Any constant works; it only has to be the same for every instance, so that two processes
// starting together against one PostgreSQL apply each migration exactly once.
const MIGRATION_LOCK_KEY = 4_711_2026;

/** Splits plain DDL on the semicolons that end statements, dropping comment lines, so that
 * each statement can go through `SqlQueryable.query` on its own. The migrations are DDL
 * without functions or string literals containing ';'. */
export function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/**
 * Applies, in id order, every migration not yet recorded in `schema_migrations`, each in its
 * own transaction under an advisory lock (PostgreSQL 13+ and PGlite). `schema_migrations`
 * itself is created under the same lock, so instances starting together on a new database
 * do not race to create it. Returns the ids applied by this call. An app passes its own
 * migrations together with those its libraries ship (`WEBHOOK_MIGRATIONS` of @disc/webhooks).
 */
export async function applyMigrations(db: SqlClient, migrations: readonly SqlMigration[]): Promise<string[]> {
  const ordered = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Two concurrent CREATE TABLE IF NOT EXISTS of one table can both find it missing, and the
  // second then fails on the catalog's unique index (23505): the lock makes them take turns.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  // Recorded ids are skipped without a transaction each (a restart applies none); the others
  // are checked again under the lock, since another instance may be applying them.
  const recorded = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
  );
  const applied: string[] = [];
  for (const { id, path } of ordered) {
    if (recorded.has(id)) continue;
    const sql = await readFile(path, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [id]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [id]);
      return true;
    });
    if (done) applied.push(id);
  }
  return applied;
}
