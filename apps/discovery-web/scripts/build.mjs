#!/usr/bin/env node
// Builds the dashboard: OpenAPI types from docs/openapi.json (openapi-typescript), a type
// check of the page code, then the Vite bundle in dist/. The root `pnpm run build` (and so
// `npm test` / `npm run setup`) runs this after `tsc -b`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(appDir, 'package.json'));
const spec = join(appDir, '..', '..', 'docs', 'openapi.json');
const typesFile = join(appDir, 'ui', 'api', 'schema.d.ts');

const { default: openapiTS, astToString } = await import('openapi-typescript');
// Request fields with a default stay optional, as in @disc/client's generated types.
const ast = await openapiTS(JSON.parse(readFileSync(spec, 'utf8')), { defaultNonNullable: false });
const types = `// Generated from docs/openapi.json by scripts/build.mjs (openapi-typescript); do not edit.\n${astToString(ast)}`;
writeFileSync(typesFile, types);

const tsc = require.resolve('typescript/bin/tsc');
const check = spawnSync(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json')], { stdio: 'inherit' });
if (check.status !== 0) {
  process.stderr.write('discovery-web: type check failed\n');
  process.exit(check.status ?? 1);
}

const { build } = await import('vite');
await build({ configFile: join(appDir, 'vite.config.mjs'), logLevel: process.env.VITE_LOG_LEVEL ?? 'warn' });
process.stderr.write(`discovery-web: built ${join(appDir, 'dist')}\n`);
