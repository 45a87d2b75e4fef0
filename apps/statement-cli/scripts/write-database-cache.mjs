#!/usr/bin/env node
// Writes database/.parsed.json: the starter database's YAML files, parsed. Every categorising run
// reads the starter database, and parsing its YAML costs more than the rest of a small
// conversion; the cache holds each file's SHA-256, so an edited file is parsed again. Run after
// `tsc -b` (`pnpm build` and prepack do).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { writeDatabaseCache } = createRequire(join(appDir, 'package.json'))('@stmt/categorizer');
const cached = await writeDatabaseCache(join(appDir, 'database'));
process.stderr.write(`wrote ${join(appDir, 'database', '.parsed.json')} (${cached.join(', ')})\n`);
