import type { ListenEvent, Listener } from './listen';

/** What the app needs from SQL: the same statements run on PGlite (embedded, the default)
 * and on a PostgreSQL server (`DATABASE_URL`). Rows come back as plain objects. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  /** Runs the statement as a named prepared statement on PostgreSQL: each connection parses
   * it once and the server can reuse its plan, instead of parsing and planning it on every
   * call. For the fixed SQL that requests run all the time, one name per SQL text. */
  prepareAs?: string;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: LISTEN on a channel over a connection of its own, closed with the
   * database (db/listen.ts). PGlite has no other writer to hear from. */
  listen?(channel: string, onEvent: (event: ListenEvent, payload?: string) => void): Listener;
}
