#!/usr/bin/env node
// The `discovery-api` command (oclif). Commands live in dist/commands; build first
// (`npm start` and `pnpm run build` do). oclif trusts oclif.manifest.json (written by the build
// and at pack time) instead of loading every command; in a checkout, one older than the last
// compile (`tsc -b` alone) may describe old flags, so it is removed and oclif reads the commands.
const { rmSync, statSync } = require('node:fs');
const { join } = require('node:path');
const written = (file) => statSync(join(__dirname, '..', file), { throwIfNoEntry: false })?.mtimeMs;
if ((written('dist/.tsbuildinfo') ?? 0) > (written('oclif.manifest.json') ?? Infinity))
  rmSync(join(__dirname, '..', 'oclif.manifest.json'), { force: true });
require('@oclif/core').execute({ dir: __dirname }).catch(require('@oclif/core').Errors.handle);
