import { userInfo } from 'node:os';
import { Client, defaults } from 'pg';
import { asAdmin, createScratchPostgres, TEST_POSTGRES_ADMIN_URL, type ScratchPostgres } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import { openPostgres } from './postgres';

// DATABASE_URL=postgres://127.0.0.1:5432/test names no user. psql connects as the operating-system
// user then; node-postgres read only $USER, so where it is unset (containers, service managers)
// `serve` and every `tokens` command stopped with "no PostgreSQL user name specified in startup packet".

describeWithServices('openPostgres with a URL that names no user', ['postgres'], () => {
  const osUser = userInfo().username;
  const role = `"${osUser.replace(/"/g, '""')}"`;
  let pg: ScratchPostgres;
  let createdRole = false;

  beforeAll(async () => {
    pg = await createScratchPostgres();
    const admin = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [osUser]);
      if (found.rowCount === 0) {
        await admin.query(`CREATE ROLE ${role} LOGIN`);
        createdRole = true;
      }
    } finally {
      await admin.end();
    }
  });
  afterAll(async () => {
    await pg.drop();
    if (createdRole) await asAdmin(`DROP ROLE IF EXISTS ${role}`);
  });

  it('connects as the operating-system user when neither PGUSER nor USER is set, as psql does', async () => {
    const saved = { user: defaults.user, USER: process.env.USER, PGUSER: process.env.PGUSER };
    defaults.user = '';
    delete process.env.USER;
    delete process.env.PGUSER;
    const url = new URL(pg.url);
    url.username = '';
    url.password = '';
    try {
      const db = await openPostgres(url.toString(), 1);
      try {
        expect(await db.query('SELECT current_user AS name')).toEqual([{ name: osUser }]);
      } finally {
        await db.close();
      }
    } finally {
      defaults.user = saved.user ?? '';
      if (saved.USER !== undefined) process.env.USER = saved.USER;
      if (saved.PGUSER !== undefined) process.env.PGUSER = saved.PGUSER;
    }
  });
});
