#!/usr/bin/env node
// One entry point for `npm test`, `npm start` and `npm run stmt`: it makes sure pnpm, the
// workspace's dependencies and the build are present (a fresh clone has none of them), then
// runs the task. pnpm is installed into .tools/ with the npm that ships with Node, so nothing
// needs a global install. Set-up output goes to stderr so that stdout stays the tool's own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = packageManager.replace(/^pnpm@/, '');
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const npmCli = process.env.npm_execpath && process.env.npm_execpath.endsWith('.js') ? process.env.npm_execpath : null;

function log(message) {
  process.stderr.write(`[setup] ${message}\n`);
}

function run(command, args, { quiet = false, env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', process.stderr, 'inherit'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(status, what) {
  if (status !== 0) {
    log(`${what} failed (exit ${status})`);
    process.exit(status);
  }
}

function ensurePnpm() {
  if (existsSync(pnpmBin)) {
    const installed = JSON.parse(readFileSync(join(toolsDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
    if (installed === pnpmVersion) return;
  }
  log(`installing pnpm ${pnpmVersion} into .tools/ (once)`);
  mkdirSync(toolsDir, { recursive: true });
  const npm = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
  must(
    run(
      npm[0],
      [
        ...npm[1],
        'install',
        '--prefix',
        toolsDir,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `pnpm@${pnpmVersion}`,
      ],
      { quiet: true },
    ),
    'installing pnpm',
  );
}

function pnpm(args, options) {
  return run(process.execPath, [pnpmBin, ...args], options);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function ensureDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  if (existsSync(marker) && mtime(marker) >= mtime(join(root, 'pnpm-lock.yaml'))) return;
  log('installing dependencies with pnpm');
  must(
    pnpm(['install', existsSync(join(root, 'pnpm-lock.yaml')) ? '--frozen-lockfile' : '--no-frozen-lockfile'], {
      quiet: true,
    }),
    'pnpm install',
  );
}

function ensureBuilt(entry) {
  if (existsSync(join(root, entry))) return;
  log('building the workspace (tsc -b)');
  must(pnpm(['run', '--silent', 'build'], { quiet: true }), 'build');
}

const [task, ...rest] = process.argv.slice(2);
ensurePnpm();
ensureDependencies();

switch (task) {
  case 'setup':
    must(pnpm(['run', 'build']), 'build');
    break;
  case 'test':
    // Exactly what CI runs: build, type-check the tests, lint, the format check, then every test suite.
    must(pnpm(['run', 'build']), 'build');
    must(pnpm(['run', 'typecheck']), 'type check');
    must(pnpm(['run', 'lint']), 'lint');
    must(pnpm(['run', 'format:check']), 'format check (run `pnpm format` to fix)');
    process.exit(pnpm(['run', 'jest', ...rest]));
    break;
  case 'stmt':
    ensureBuilt('apps/statement-cli/dist/index.js');
    process.exit(run(process.execPath, [join(root, 'apps/statement-cli/bin/run.js'), ...rest]));
    break;
  case 'start':
    ensureBuilt('apps/discovery-api/dist/index.js');
    process.exit(run(process.execPath, [join(root, 'apps/discovery-api/bin/run.js'), 'serve', ...rest]));
    break;
  default:
    log(`unknown task '${task ?? ''}'; expected setup, test, stmt or start`);
    process.exit(2);
}
