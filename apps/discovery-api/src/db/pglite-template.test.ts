import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { scratchFolder } from '@fin/test-utils';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { installedPgliteVersion, isNewDataDir, pgliteTemplatePath, readPgliteTemplate } from './pglite-template';

const dir = scratchFolder('pglite-template-test-');

describe('the stored fresh PGlite cluster', () => {
  it('is written by the build for the installed PGlite release', () => {
    expect(pgliteTemplatePath()).toBe(
      join(__dirname, '..', '..', 'dist', `pglite-template-${installedPgliteVersion()}.tar.gz`),
    );
    expect(existsSync(pgliteTemplatePath() ?? '')).toBe(true);
  });

  it('gives a new data folder its database, which migrates, keeps its rows and opens again as it is', async () => {
    // A cluster told apart from initdb's by one table, stored as the build stores its own.
    const stored = readPgliteTemplate();
    const marked = stored === undefined ? new PGlite() : new PGlite({ loadDataDir: stored });
    await marked.query('CREATE TABLE from_the_template (id int)');
    const template = join(dir(), 'marked.tar.gz');
    writeFileSync(template, Buffer.from(await (await marked.dumpDataDir('gzip')).arrayBuffer()));
    await marked.close();

    const dataDir = join(dir(), 'pgdata');
    const db = await openPglite(dataDir, { template });
    try {
      expect(await db.query("SELECT to_regclass('from_the_template') IS NOT NULL AS unpacked")).toEqual([
        { unpacked: true },
      ]);
      expect((await migrate(db)).length).toBeGreaterThan(0);
      await db.query("INSERT INTO api_tokens (id, name, hash, scopes) VALUES ('t1', 'kept', 'h', '{}')");
    } finally {
      await db.close();
    }
    const again = await openPglite(dataDir, { template });
    try {
      expect(await migrate(again)).toEqual([]);
      expect(await again.query('SELECT name FROM api_tokens')).toEqual([{ name: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  it('is passed over when it does not load: initdb makes the database, in a folder holding only it', async () => {
    const template = join(dir(), 'broken.tar.gz');
    writeFileSync(template, 'not a tarball');
    const dataDir = join(dir(), 'pgdata');
    mkdirSync(dataDir);
    const db = await openPglite(dataDir, { template });
    try {
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(readdirSync(dataDir)).toContain('PG_VERSION');
  });
});

describe('isNewDataDir', () => {
  it('is true for a missing or empty folder, false for one holding anything', () => {
    const folder = join(dir(), 'data');
    expect(isNewDataDir(folder)).toBe(true);
    mkdirSync(folder);
    expect(isNewDataDir(folder)).toBe(true);
    writeFileSync(join(folder, 'PG_VERSION'), '17\n');
    expect(isNewDataDir(folder)).toBe(false);
  });
});
