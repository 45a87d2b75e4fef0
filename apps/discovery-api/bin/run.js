#!/usr/bin/env node
// The `discovery-api` command (oclif). Commands live in dist/commands; build first
// (`npm start` and `pnpm run build` do).
require('@oclif/core').execute({ dir: __dirname }).catch(require('@oclif/core').Errors.handle);
