import { join } from 'node:path';

/**
 * The SQL this package needs: parameterised statements returning rows as plain objects.
 * Structurally the same as the discovery API's `Queryable` / `Database`, so an app passes
 * its own PGlite or PostgreSQL adapter.
 */
export interface SqlQueryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlQueryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
}

/** The outbox migration (plain SQL, several statements) for an app to copy or run; it needs
 * the app's `webhooks` table to exist first. */
export const OUTBOX_MIGRATION_PATH = join(__dirname, '..', 'sql', 'webhooks-outbox.sql');

/** Drivers return timestamptz as Date; text casts and JSON paths give strings. */
export function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function isoTimeOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
