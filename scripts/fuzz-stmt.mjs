#!/usr/bin/env node
// Random-seed run of the statement fuzz harness (packages/stmt-parser/test/fuzz): mutated
// fixtures of every format through the library with random chunking for --seconds (default
// 180), then a sample through the built CLI (build first: `pnpm run build`). The fixed-seed
// run is part of `npm test`; this one explores. A failure prints the seed; replay it with
//   FUZZ_SEED=<seed> pnpm jest packages/stmt-parser/test/fuzz apps/statement-cli/test/fuzz-cli
//   pnpm fuzz:stmt                      # 3 minutes
//   pnpm fuzz:stmt -- --seconds 60 --cli-runs 10
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = option('seconds', 180);
const cliRuns = option('cli-runs', 20);
const seed = option('seed', Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz:stmt seed ${seed}, ${seconds} s of library runs, ${cliRuns} CLI runs`);
const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const run = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    jest,
    '--runInBand',
    'packages/stmt-parser/test/fuzz',
    'apps/statement-cli/test/fuzz-cli',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_SECONDS: String(seconds), FUZZ_CLI_RUNS: String(cliRuns) },
  },
);
if (run.status !== 0)
  console.error(
    `fuzz:stmt failed with seed ${seed}; replay: FUZZ_SEED=${seed} pnpm jest packages/stmt-parser/test/fuzz apps/statement-cli/test/fuzz-cli`,
  );
process.exit(run.status ?? 1);
