#!/usr/bin/env node
// Writes oclif.manifest.json (every command's flags, arguments and help) so that `stmt` starts
// without scanning and loading the commands folder: oclif loads only the command it runs. Run
// after `tsc -b` (`pnpm build` does); `npm pack` writes it again (prepack). A manifest older than
// the last compile is stale, and the launcher removes it (src/launch/manifest-guard.ts).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
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
