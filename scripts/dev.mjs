#!/usr/bin/env node
// One entry point for `npm test`, `npm start` and `npm run stmt`: it makes sure pnpm, the
// workspace's dependencies and the build are present (a fresh clone has none of them), then
// runs the task. pnpm is installed into .tools/ with the npm that ships with Node, so nothing
// needs a global install. Set-up output goes to stderr so that stdout stays the tool's own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
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

/**
 * Runs a long-lived command (`start`: the API server) and exits with its status. Unlike
 * spawnSync, this process keeps handling signals meanwhile, so a supervisor's SIGTERM reaches
 * the server and it shuts down cleanly (finishes requests, flushes PGlite, releases the data
 * folder's lock) instead of being left running, orphaned, on the port:
 *
 * - the child runs in a process group of its own and gets SIGTERM, SIGINT and SIGHUP from
 *   here, once each time this process gets one (SIGHUP as SIGTERM). In the terminal's group
 *   it would get Ctrl-C's SIGINT twice, directly and forwarded, and a second signal makes the
 *   server exit at once;
 * - `npm start` runs this script under `sh -c`, and npm passes a SIGTERM on to that shell
 *   only, which dies of it without passing it on. So this process also watches its parent:
 *   once it is gone (the process was re-parented), the child gets SIGTERM as if it had been
 *   sent here.
 */
function runForwardingSignals(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, detached: true });
  let forwarded = false;
  const forward = (signal) => {
    forwarded = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const handlers = {
    SIGTERM: () => forward('SIGTERM'),
    SIGINT: () => forward('SIGINT'),
    SIGHUP: () => forward('SIGTERM'),
  };
  for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    if (!forwarded) forward('SIGTERM');
  }, 250);
  watch.unref();
  child.once('error', (error) => {
    log(`could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    clearInterval(watch);
    for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
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
    runForwardingSignals(process.execPath, [join(root, 'apps/discovery-api/bin/run.js'), 'serve', ...rest]);
    break;
  default:
    log(`unknown task '${task ?? ''}'; expected setup, test, stmt or start`);
    process.exit(2);
}
