import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, scratchFolder } from '@fin/test-utils';
import { LISTENING, refused } from '../src/test-support/processes';

// README, docs/operations.md: `npm start` runs the API, and SIGTERM stops it cleanly. `npm start`
// is npm → sh → node scripts/dev.mjs start → discovery-api serve. dev.mjs used to wait in
// spawnSync, so a SIGTERM to it (or to npm, which passes it to sh only) left `serve` running,
// orphaned, on the port and the data folder's lock. Each test starts the real chain on a free
// port with a new data folder, signals its top, and checks that `serve` shut down cleanly.

const ROOT = join(__dirname, '..', '..', '..');
const DEV = join(ROOT, 'scripts', 'dev.mjs');
/** How long a stuck chain is given before the test says so (instead of the suite's timeout). */
const GIVE_UP_MS = 30_000;

const hasNpm = spawnSync('npm', ['--version'], { stdio: 'ignore', shell: false }).status === 0;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start / scripts/dev.mjs start, stopped by SIGTERM', () => {
  const dataDir = scratchFolder('discovery-dev-start-');
  let servePid: number | undefined;
  let top: ChildProcess | undefined;

  afterEach(async () => {
    // What a failed test leaves behind: the orphaned server, stopped the clean way.
    if (servePid !== undefined && running(servePid)) {
      process.kill(servePid, 'SIGTERM');
      while (running(servePid)) await sleep(100);
    }
    if (top !== undefined && top.exitCode === null && top.signalCode === null) top.kill('SIGKILL');
    servePid = undefined;
    top = undefined;
  });

  /** Starts `command` in the repository's root, waits for `serve`'s "listening" line and
   * answers the child, its port, the server's pid (from the data folder's lock) and output. */
  async function startChain(command: string, args: string[]) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')),
    );
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DISCOVERY_DATA_DIR: dataDir(),
        DATABASE_URL: '',
        REDIS_URL: '',
        DISCOVERY_REFRESH_INTERVAL_MS: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        npm_config_update_notifier: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    top = child;
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Every process of the chain holds the pipes: 'close' means all of them are gone.
    const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    while (!LISTENING.test(output)) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early:\n${output}`);
      await sleep(50);
    }
    const owner = JSON.parse(readFileSync(join(dataDir(), 'owner.json'), 'utf8')) as { pid: number; port: number };
    expect(owner.port).toBe(port);
    servePid = owner.pid;
    return { child, port, pid: owner.pid, output: () => output, closed };
  }

  /** The chain's end, or 'still running' when it has not ended after GIVE_UP_MS. */
  async function ended(
    closed: Promise<[number | null, NodeJS.Signals | null]>,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        closed.then(([code, signal]) => ({ code, signal })),
        new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), GIVE_UP_MS))),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('node scripts/dev.mjs start: SIGTERM reaches serve, which stops cleanly; dev.mjs exits with its status', async () => {
    const chain = await startChain(process.execPath, [DEV, 'start']);
    expect(chain.pid).not.toBe(chain.child.pid);
    chain.child.kill('SIGTERM');
    expect(await ended(chain.closed)).toEqual({ code: 0, signal: null });
    expect(running(chain.pid)).toBe(false);
    expect(await refused(chain.port)).toBe(true);
    expect(chain.output()).toMatch(
      /"message":"shutting down"[^\n]*"signal":"SIGTERM"|"signal":"SIGTERM"[^\n]*"message":"shutting down"/,
    );
    expect(chain.output()).toMatch(/"message":"stopped"/);
    // The folder lock is released: the next start may take the folder.
    expect(() => readFileSync(join(dataDir(), 'owner.json'))).toThrow(/ENOENT/);
  }, 90_000);

  (hasNpm ? it : it.skip)(
    'npm start: SIGTERM to npm (which passes it to sh only) still stops serve cleanly',
    async () => {
      const chain = await startChain('npm', ['start']);
      chain.child.kill('SIGTERM');
      expect(await ended(chain.closed)).not.toBe('still running');
      expect(running(chain.pid)).toBe(false);
      expect(await refused(chain.port)).toBe(true);
      expect(chain.output()).toMatch(/"message":"stopped"/);
      expect(() => readFileSync(join(dataDir(), 'owner.json'))).toThrow(/ENOENT/);
    },
    90_000,
  );
});
