/**
 * The SQL port of the discovery libraries: parameterised statements returning rows as plain
 * objects. Structurally the same as the discovery API's `Queryable` / `Database`, so an app
 * passes its own PGlite or PostgreSQL adapter.
 */
export interface SqlQueryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlQueryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
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
