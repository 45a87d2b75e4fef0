import { spawnSync } from 'node:child_process';
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
  'LOG_LEVEL', 'LOG_FORMAT', 'CAMT_LOG_LEVEL', 'CAMT_LOG_FORMAT', 'CAMT_AI_ENABLED', 'CAMT_AI_REQUESTS_PER_MINUTE',
  'CAMT_AI_BASE_URL', 'CAMT_AI_MODEL', 'AI_API_KEY', 'AI_API_KEY_FILE', 'CAMT_CSV_DELIMITER', 'CAMT_CSV_PRESET', 'CAMT_DATABASE_DIR',
];

/** Runs the built `stmt` binary (needs `pnpm run build`) with its own empty config folder. */
export function runCli(args: string[], options: { env?: Record<string, string>; input?: string | Buffer; configHome?: string } = {}): CliRun {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !CONFIG_VARIABLES.includes(key)) env[key] = value;
  }
  env['XDG_CONFIG_HOME'] = options.configHome ?? tempDir('stmt-config-');
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...env, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
