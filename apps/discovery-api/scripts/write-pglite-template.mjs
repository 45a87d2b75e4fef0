#!/usr/bin/env node
// Writes the fresh PGlite cluster a new data folder is unpacked from (src/db/pglite-template.ts).
// Run by `pnpm build` after `tsc -b`.
import { createRequire } from 'node:module';

const { writePgliteTemplate } = createRequire(import.meta.url)('../dist/db/pglite-template.js');
process.stderr.write(`the fresh PGlite cluster for new data folders: ${await writePgliteTemplate()}\n`);
