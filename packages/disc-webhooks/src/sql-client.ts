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

/** Splits plain DDL such as the outbox migration on the semicolons that end statements, dropping
 * comment lines, so that each statement can go through `SqlQueryable.query` on its own. The
 * migrations are DDL without functions or string literals containing ';'. */
export function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/** What `pgPoolClient` uses of a node-postgres (`pg`) connection or pool. */
export interface PgQueryable {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(): void }>;
}

/** A `SqlClient` over a node-postgres pool: transactions run on one pooled connection. */
export function pgPoolClient(pool: PgPool): SqlClient {
  const queryOn =
    (target: PgQueryable): SqlQueryable['query'] =>
    async <Row extends object>(sql: string, params?: readonly unknown[]) =>
      (await target.query(sql, params === undefined ? [] : [...params])).rows as Row[];
  return {
    query: queryOn(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN', []);
        const result = await work({ query: queryOn(client) });
        await client.query('COMMIT', []);
        return result;
      } catch (error) {
        await client.query('ROLLBACK', []).catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** Drivers return timestamptz as Date; text casts and JSON paths give strings. */
export function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function isoTimeOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
