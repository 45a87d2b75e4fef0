import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const APP_DIR = join(__dirname, '..', '..');
export const BIN = join(APP_DIR, 'bin', 'run.js');

function assertBuilt(): void {
  if (!existsSync(join(APP_DIR, 'dist', 'commands', 'serve.js'))) {
    throw new Error('apps/discovery-api is not built: run `pnpm run build` before the integration tests that spawn it');
  }
}

export interface ServerProcess {
  url: string;
  port: number;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

// The "listening" log line, in either key order; the URL is group 1 or 2.
export const LISTENING =
  /"message":"listening".*?"url":"(http:\/\/[^"]+)"|"url":"(http:\/\/[^"]+)".*?"message":"listening"/;

/** Starts `discovery-api serve` on a free port and waits for its "listening" log line. */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  // The monitoring refresh is off unless a test asks for it (DISCOVERY_REFRESH_INTERVAL_MS).
  const defaults = { PORT: '0', HOST: '127.0.0.1', DISCOVERY_REFRESH_INTERVAL_MS: '0' };
  const handle = await spawnCommand(['serve'], { ...defaults, ...env }, LISTENING, timeoutMs);
  const match = LISTENING.exec(handle.output());
  const url = (match?.[1] ?? match?.[2]) as string;
  return { ...handle, url, port: Number(new URL(url).port) };
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `discovery-api <args>` to its end. With `killWhen`, a command that would not end on its
 * own (`serve`) is killed once its output matches, and answers `status` null. */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  options: { killWhen?: RegExp } = {},
): Promise<CliResult> {
  assertBuilt();
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const check = (): void => {
      if (options.killWhen?.test(stdout + stderr) === true && child.exitCode === null) child.kill('SIGKILL');
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface ChildProcessHandle {
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `discovery-api <args>` and waits until its output matches `ready` (e.g. the
 * worker's "worker started" log line). */
export function spawnCommand(
  args: readonly string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<ChildProcessHandle> {
  assertBuilt();
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`discovery-api ${args.join(' ')} was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!ready.test(output)) return;
      clearTimeout(timer);
      resolve({
        output: () => output,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`discovery-api ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** Whether nothing listens on 127.0.0.1:`port` any more (a connection is refused). */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
