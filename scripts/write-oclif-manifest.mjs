#!/usr/bin/env node
// Writes an oclif app's oclif.manifest.json (every command's flags, arguments and help), so that
// the app starts without scanning and loading its commands folder: oclif loads only the command
// it runs. `node scripts/write-oclif-manifest.mjs apps/statement-cli` (the root `pnpm build`
// does it for `stmt` and `discovery-api`, after `tsc -b`); `npm pack` writes it again (prepack).
// A manifest older than the app's last compile is stale, and each app's launcher removes it
// (apps/statement-cli/src/launch/manifest-guard.ts, apps/discovery-api/bin/run.js).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

if (process.argv[2] === undefined) {
  process.stderr.write('usage: node scripts/write-oclif-manifest.mjs <app folder>\n');
  process.exit(2);
}
const appDir = resolve(process.argv[2]);
const oclif = join(dirname(createRequire(join(appDir, 'package.json')).resolve('oclif/package.json')), 'bin', 'run.js');
const result = spawnSync(process.execPath, [oclif, 'manifest', appDir], {
  encoding: 'utf8',
  env: { ...process.env, OCLIF_SKIP_UPDATE_CHECK: '1' },
});
if (result.status !== 0) {
  process.stderr.write(`${result.stdout}${result.stderr}`);
  process.exit(result.status ?? 1);
}
process.stderr.write(`wrote ${join(appDir, 'oclif.manifest.json')}\n`);
