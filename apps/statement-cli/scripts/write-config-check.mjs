#!/usr/bin/env node
// Writes dist/lib/config/config-check.js: the configuration schema's validator, compiled by ajv
// ahead of time (ajv's standalone code). Every run whose environment, files or flags set a key
// checks them; compiling the schema at start-up cost a third of a small conversion (loading
// ajv, compiling its meta-schema, then the schema: about 0.15 s). The file carries the schema it
// was made from, and src/lib/config/validate.ts compiles at run time when the two differ (a
// schema changed without this script run). Run after `tsc -b` (`pnpm build` does).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(appDir, 'package.json'));
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;
const { CONFIG_SCHEMA, CONFIG_AJV_OPTIONS } = require(join(appDir, 'dist', 'lib', 'config', 'schema.js'));

const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true } });
const code = standaloneCode(ajv, ajv.compile(CONFIG_SCHEMA));
const target = join(appDir, 'dist', 'lib', 'config', 'config-check.js');
writeFileSync(target, `${code}\nmodule.exports.schemaText = ${JSON.stringify(JSON.stringify(CONFIG_SCHEMA))};\n`);
process.stderr.write(`wrote ${target}\n`);
