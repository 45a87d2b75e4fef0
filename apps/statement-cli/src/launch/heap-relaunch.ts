import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeTempFilesOfSync } from '@stmt/export';
import { signalExitCode, STOP_SIGNALS } from './process-guards';

/**
 * `--streaming` promises constant memory within the spec's 128 MiB container request. Node's
 * default heap sizing lets a long stream of short-lived objects grow RSS to ~200 MiB before the
 * collector pushes back, so a streaming run restarts itself once with a small young generation
 * and a capped old space: with them, the main thread and one reading thread convert a 1 GB
 * camt.053 within 128 MiB (`pnpm bench:stmt -- --size 1GB`).
 */
export const HEAP_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=48'] as const;

/** Marks the restarted process, so it does not restart again. */
const TUNED_MARK = 'STMT_HEAP_TUNED';

/** A streaming run restarts with `HEAP_FLAGS` unless it already did or the user tuned the heap. */
export function needsTunedHeap(args: readonly string[], env: NodeJS.ProcessEnv, execArgv: readonly string[]): boolean {
  if (!args.includes('--streaming') || env[TUNED_MARK] !== undefined) return false;
  return !/--max-(old|semi)-space-size/.test(`${env['NODE_OPTIONS'] ?? ''} ${execArgv.join(' ')}`);
}

/**
 * Runs `script args` in a child Node process with `HEAP_FLAGS` and exits with its status. The
 * child must never outlive this process: stop signals are forwarded to it, and it holds an IPC
 * channel to this process whose closing (this process killed, even with SIGKILL) stops it.
 */
export function relaunchWithTunedHeap(script: string, args: readonly string[]): void {
  const child = spawn(process.execPath, [...HEAP_FLAGS, script, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [TUNED_MARK]: '1' },
  });
  for (const signal of STOP_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`stmt: cannot start the streaming conversion (${error.message}).\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal === 'SIGABRT') outOfMemory(child.pid, args);
    // This waiting process counts towards a container's memory too: its own (anonymous) pages;
    // the Node binary's pages it shares with the child are counted there.
    if (process.env['STMT_REPORT_MAX_RSS'] !== undefined) process.stderr.write(`launcher-anon-kib=${anonymousKib()}\n`);
    process.exit(code ?? (signal === null ? 1 : signalExitCode(signal)));
  });
}

/** The value of `-o`/`--output` in an argument list, if any. */
export function outputArgument(args: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => arg === '-o' || arg === '--output' || arg.startsWith('--output='));
  if (at < 0) return undefined;
  const arg = args[at] ?? '';
  return arg.startsWith('--output=') ? arg.slice('--output='.length) : args[at + 1];
}

/**
 * The restarted process ran out of its capped heap (V8 aborts): an entry too large for a
 * streaming run, say. Says what to do instead, removes the temporary CSV it left (named with its
 * process id) and exits with 1, an internal failure.
 */
function outOfMemory(pid: number | undefined, args: readonly string[]): never {
  const output = outputArgument(args);
  if (output !== undefined && output !== '-' && pid !== undefined) {
    const dir = statSync(output, { throwIfNoEntry: false })?.isDirectory() === true ? output : dirname(output);
    removeTempFilesOfSync(dir, pid);
  }
  process.stderr.write(
    `stmt: the conversion ran out of memory within the heap --streaming allows (${HEAP_FLAGS.join(' ')}), and stopped ` +
      'without writing its output file. Convert without --streaming, or raise the limit, e.g. NODE_OPTIONS=--max-old-space-size=512.\n',
  );
  process.exit(1);
}

/** RssAnon of this process where Linux tells it (0 elsewhere). */
function anonymousKib(): number {
  try {
    return Number(/^RssAnon:\s*(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
