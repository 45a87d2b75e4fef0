import { userInfo } from 'node:os';
import { defaults, Pool, types } from 'pg';
import { pgPoolClient } from '@disc/sql';
import type { Database, QueryOptions } from './database';
import { listen, type Listener } from './listen';

// A `date` column is a calendar day, not an instant: keep it as 'YYYY-MM-DD' instead of a
// JavaScript Date at local midnight (PGlite returns the same string shape with ::text).
types.setTypeParser(types.builtins.DATE, (value: string) => value);

/**
 * libpq (psql, pg_dump) connects as the operating-system user when neither the URL nor PGUSER
 * names one; node-postgres falls back only to $USER, which containers (our image included) and
 * service managers often leave unset, and the server then refuses every connection with "no
 * PostgreSQL user name specified in startup packet". Fill the same gap the way libpq does.
 */
function defaultToOperatingSystemUser(): void {
  if (defaults.user !== undefined && defaults.user !== '') return;
  try {
    defaults.user = userInfo().username;
  } catch {
    // No passwd entry for this uid: only the URL or PGUSER can name the user.
  }
}

/** A connection pool to a PostgreSQL server shared by every API instance and the CLI. */
export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Database> {
  defaultToOperatingSystemUser();
  // A server that does not answer fails the request (503 DATABASE_UNAVAILABLE) instead of
  // holding it until the client gives up.
  const pool = new Pool({ connectionString, max: maxConnections, connectionTimeoutMillis: 5_000 });
  // Fail at start-up, with the server's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The next query reconnects.
  pool.on('error', () => undefined);
  let closed = false;
  const listeners: Listener[] = [];
  const client = pgPoolClient(pool);
  return {
    engine: 'postgres',
    ...client,
    query: async <Row extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
      options?.prepareAs === undefined
        ? client.query<Row>(sql, params)
        : ((await pool.query({ name: options.prepareAs, text: sql, values: params === undefined ? [] : [...params] }))
            .rows as Row[]),
    listen: (channel, onEvent) => {
      const listener = listen(connectionString, channel, onEvent);
      listeners.push(listener);
      return listener;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.map((l) => l.close()));
      await pool.end();
    },
  };
}
