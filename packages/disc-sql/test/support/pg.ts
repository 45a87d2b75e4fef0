import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PgPool } from '@disc/sql';

/** What the tests use of a node-postgres pool. */
export interface TestPool extends PgPool {
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type TestPoolConstructor = new (config: { connectionString: string; max?: number }) => TestPool;

// @disc/sql has no dependencies, not even on `pg` (apps pass their own pool): its tests take
// node-postgres from the workspace's test helpers (@fin/test-utils), which depend on it.
const fromTestUtils = createRequire(join(__dirname, '..', '..', '..', 'test-utils', 'package.json'));

export const Pool = (fromTestUtils('pg') as { Pool: TestPoolConstructor }).Pool;
