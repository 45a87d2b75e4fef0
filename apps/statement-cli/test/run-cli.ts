import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const APP_DIR = join(__dirname, '..');
export const BIN = join(APP_DIR, 'bin', 'run.js');
export const FIXTURES = join(__dirname, 'fixtures');

const created: string[] = [];

/** A fresh folder under the OS temp dir, removed when the test file finishes. */
export function tempDir(prefix = 'stmt-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Variables the CLI reads; cleared so the developer's own settings never leak into a test. */
const CONFIG_VARIABLES = [
  'LOG_LEVEL',
  'LOG_FORMAT',
  'CAMT_LOG_LEVEL',
  'CAMT_LOG_FORMAT',
  'CAMT_AI_ENABLED',
  'CAMT_AI_REQUESTS_PER_MINUTE',
  'CAMT_AI_BASE_URL',
  'CAMT_AI_MODEL',
  'AI_API_KEY',
  'AI_API_KEY_FILE',
  'CAMT_CSV_DELIMITER',
  'CAMT_CSV_PRESET',
  'CAMT_CSV_FORMULA_GUARD',
  'CAMT_DATABASE_DIR',
  'CAMT_INPUT_STRICT',
];

export interface RunOptions {
  env?: Record<string, string>;
  input?: string | Buffer;
  configHome?: string;
}

function cleanEnv(options: RunOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !CONFIG_VARIABLES.includes(key)) env[key] = value;
  }
  env['XDG_CONFIG_HOME'] = options.configHome ?? tempDir('stmt-config-');
  return { ...env, ...options.env };
}

/** Runs the built `stmt` binary (needs `pnpm run build`) with its own empty config folder. */
export function runCli(args: string[], options: RunOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: cleanEnv(options),
    ...(options.input === undefined ? {} : { input: options.input }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts the binary with piped stdio, for a test that signals it or reads part of its output. */
export function spawnCli(args: string[], options: RunOptions = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { env: cleanEnv(options) });
}

/** Like runCli, but without blocking this process, so a fake server in it can answer. */
export function runCliAsync(args: string[], options: RunOptions = {}): Promise<CliRun> {
  const child = spawnCli(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input);
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/** util-linux `script`, which runs a command on a pseudo-terminal; absent on some systems. */
export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

/**
 * Runs the binary on a pseudo-terminal (so stdin and stderr are TTYs) and types `typed` into it.
 * stdout and stderr arrive merged, as a terminal shows them.
 */
export function runCliInTerminal(args: string[], typed: string, options: RunOptions = {}): CliRun {
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    env: cleanEnv(options),
    input: typed,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
