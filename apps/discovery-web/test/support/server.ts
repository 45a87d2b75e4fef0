// Spawns the built `discovery-api` binary (apps/discovery-api/bin/run.js) on a loopback
// port with a scratch data folder, and runs its CLI commands (`tokens create`) against it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedApiEnv } from '@fin/test-utils';

const API_DIR = join(__dirname, '..', '..', '..', 'discovery-api');
const BIN = join(API_DIR, 'bin', 'run.js');
const BUNDLE = join(__dirname, '..', '..', 'dist', 'index.html');
const LISTENING = /"message":"listening".*?"url":"(http:\/\/[^"]+)"|"url":"(http:\/\/[^"]+)".*?"message":"listening"/;

export interface DashboardServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (the first-start banner, JSON logs). */
  output(): string;
  /** `discovery-api ARGS` against this server's data folder; resolves with its stdout. */
  cli(args: readonly string[]): Promise<string>;
  /** `discovery-api tokens create`; resolves with the token. */
  createToken(name: string, scopes: string): Promise<string>;
  /** `discovery-api tokens revoke` of a token made by createToken. */
  revokeToken(token: string): Promise<void>;
  stop(): Promise<void>;
}

export function assertBuilt(): void {
  if (!existsSync(join(API_DIR, 'dist', 'commands', 'serve.js')) || !existsSync(BUNDLE)) {
    throw new Error('discovery-api or the dashboard is not built: run `pnpm run build` first');
  }
}

export async function startDashboardServer(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<DashboardServer> {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'discovery-web-e2e-'));
  const childEnv = embeddedApiEnv(dataDir, { LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env });
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`discovery-api serve was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      resolve((match[1] ?? match[2]) as string);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`discovery-api serve exited with ${code}:\n${output}`));
    });
  });
  const tokenIds = new Map<string, string>();
  return {
    url,
    dataDir,
    output: () => output,
    cli: async (args) => (await runCli(args, childEnv)).stdout,
    createToken: async (name, scopes) => {
      const { stdout, stderr } = await runCli(['tokens', 'create', '--name', name, '--scopes', scopes], childEnv);
      const id = /Created token (tok_\w+)/.exec(stderr)?.[1];
      if (id !== undefined) tokenIds.set(stdout, id);
      return stdout;
    },
    revokeToken: async (token) => {
      const id = tokenIds.get(token);
      if (id === undefined) throw new Error('revokeToken: not a token made by createToken');
      await runCli(['tokens', 'revoke', id], childEnv);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    cli.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    cli.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    cli.once('exit', (status) =>
      status === 0
        ? resolve({ stdout: stdout.trim(), stderr })
        : reject(new Error(`discovery-api ${args.join(' ')} exited with ${status}: ${stderr}`)),
    );
  });
}
