#!/usr/bin/env node
// Builds the dashboard: a type check of the page code (the API's types come from @disc/client,
// generated from docs/openapi.json), then the Vite bundle in dist/. The root `pnpm run build`
// (and so `npm test` / `npm run setup`) runs this after `tsc -b`, which builds @disc/client.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(appDir, 'package.json'));
const tsc = require.resolve('typescript/bin/tsc');
const check = spawnSync(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json')], { stdio: 'inherit' });
if (check.status !== 0) {
  process.stderr.write('discovery-web: type check failed\n');
  process.exit(check.status ?? 1);
}

const { build } = await import('vite');
await build({ configFile: join(appDir, 'vite.config.mjs'), logLevel: process.env.VITE_LOG_LEVEL ?? 'warn' });
process.stderr.write(`discovery-web: built ${join(appDir, 'dist')}\n`);
