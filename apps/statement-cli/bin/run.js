#!/usr/bin/env node
// The launcher lives in TypeScript (src/launch/main.ts): version routing, the tuned-heap restart
// of --streaming runs, and the signal, closed-pipe and orphan guards of the converting process.
// `pnpm build` also bundles oclif, the commands and our libraries into dist/stmt.js
// (scripts/write-bundle.mjs), which loads much faster than ~340 separate modules; the launcher runs
// the commands from it. A bundle older than the last compile (dist/.tsbuildinfo, absent from an
// installed package) is stale and skipped, as it is with STMT_BUNDLE=0.
const { statSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const written = (file) => statSync(join(dist, file), { throwIfNoEntry: false })?.mtimeMs;
const bundled = process.env.STMT_BUNDLE === '0' ? undefined : written('stmt.js');
const compiled = written('.tsbuildinfo');
const bundle =
  bundled !== undefined && (compiled === undefined || compiled <= bundled) ? join(dist, 'stmt.js') : undefined;
require('../dist/launch/main.js').main(process.argv.slice(2), __dirname, bundle);
