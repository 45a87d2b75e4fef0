import { createScratchPostgres, type ScratchPostgres } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import type { Database } from './database';
import { openPostgres } from './postgres';

describeWithServices('openPostgres', ['postgres'], () => {
  let pg: ScratchPostgres;
  let db: Database;

  beforeAll(async () => {
    pg = await createScratchPostgres();
    // One connection, so every statement below runs in the session whose prepared
    // statements pg_prepared_statements lists.
    db = await openPostgres(pg.url, 1);
  });
  afterAll(async () => {
    await db.close();
    await pg.drop();
  });

  it('runs a statement with prepareAs as a named prepared statement, parsed once per connection', async () => {
    const sql = 'SELECT $1::int + 1 AS next';
    expect(await db.query(sql, [1], { prepareAs: 'next_number' })).toEqual([{ next: 2 }]);
    expect(await db.query(sql, [41], { prepareAs: 'next_number' })).toEqual([{ next: 42 }]);
    const prepared = await db.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements',
    );
    expect(prepared).toEqual([{ name: 'next_number', statement: sql }]);
  });

  it('runs other statements unnamed, leaving no prepared statement behind', async () => {
    expect(await db.query('SELECT $1::text AS echoed', ['x'])).toEqual([{ echoed: 'x' }]);
    const names = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
    expect(names.map((n) => n.name)).toEqual(['next_number']);
  });
});
