#!/usr/bin/env node
// Writes the fresh PGlite cluster a new database is unpacked from (src/db/pglite-template.ts):
// dist/pglite-template-<pglite version>.tar.gz, once per PGlite release (an existing file is
// kept, another release's is removed). Run by `pnpm build` after `tsc -b`.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const { pgliteTemplatePath } = require('../dist/db/pglite-template.js');
const { PGlite } = require('@electric-sql/pglite');

const target = pgliteTemplatePath();
if (target === undefined) {
  console.error('write-pglite-template: cannot find the installed @electric-sql/pglite (run pnpm install)');
  process.exit(1);
}
if (!existsSync(target)) {
  const pg = await PGlite.create();
  const cluster = await pg.dumpDataDir('gzip');
  await pg.close();
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, Buffer.from(await cluster.arrayBuffer()));
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  console.log(`wrote ${target}`);
}
for (const name of readdirSync(dirname(target)))
  if (/^pglite-template-.*\.tar\.gz$/.test(name) && name !== basename(target)) rmSync(join(dirname(target), name));
