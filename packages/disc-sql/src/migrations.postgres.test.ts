import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScratchPostgres, describeWithPostgres, scratchFolder, type ScratchPostgres } from '@fin/test-utils';
import { Pool, type TestPool } from '../test/support/pg';
import { applyMigrations, pgPoolClient, type SqlMigration } from './index';

const INSTANCES = 3;
const ROUNDS = 12;

describeWithPostgres('applyMigrations with instances starting together on a new PostgreSQL database', () => {
  const dir = scratchFolder('disc-sql-migrations-', { per: 'block' });
  let migrations: SqlMigration[];
  beforeAll(() => {
    migrations = ['0001_a.sql', '0002_b.sql'].map((id, index) => {
      const path = join(dir(), id);
      writeFileSync(path, `-- migration ${index + 1}\nCREATE TABLE t${index + 1} (x int);\n`);
      return { id, path };
    });
  });

  // Every round gets a database of its own: the race is on creating `schema_migrations`,
  // which only happens once per database.
  it(`creates schema_migrations and applies each migration once (${ROUNDS} rounds of ${INSTANCES} instances)`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const scratch: ScratchPostgres = await createScratchPostgres('disc_sql_migrate');
      const pools: TestPool[] = [];
      try {
        for (let i = 0; i < INSTANCES; i++) {
          const pool = new Pool({ connectionString: scratch.url, max: 2 });
          pool.on('error', () => undefined);
          pools.push(pool);
        }
        // Connected first, so that the instances' statements reach the server together.
        await Promise.all(pools.map((pool) => pool.query('SELECT 1', [])));
        const results = await Promise.allSettled(pools.map((pool) => applyMigrations(pgPoolClient(pool), migrations)));
        const applied: string[] = [];
        for (const result of results) {
          if (result.status === 'fulfilled') applied.push(...result.value);
          else failures.push(`round ${round}: ${String(result.reason)}`);
        }
        if (results.every((result) => result.status === 'fulfilled'))
          expect(applied.sort()).toEqual(['0001_a.sql', '0002_b.sql']);
        const recorded = await pools[0]!.query('SELECT version FROM schema_migrations ORDER BY version', []);
        expect(recorded.rows).toEqual([{ version: '0001_a.sql' }, { version: '0002_b.sql' }]);
      } finally {
        await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
        await scratch.drop();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
