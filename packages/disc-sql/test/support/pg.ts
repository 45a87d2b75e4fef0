import { Pool as PgPool } from 'pg';
import type { PgPool as SqlPool } from '@disc/sql';

/** What the tests use of a node-postgres pool. */
export interface TestPool extends SqlPool {
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type TestPoolConstructor = new (config: { connectionString: string; max?: number }) => TestPool;

export const Pool = PgPool as unknown as TestPoolConstructor;
