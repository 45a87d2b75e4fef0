import { spawn } from 'node:child_process';
import { outputError, removeTrackedTempFilesSync } from '@stmt/export';
import { requestedLogFormat } from '../lib/config/log-format';
import { ExitCode } from '../lib/exit-codes';
import { BROKEN_PIPE_EXIT, signalExitCode, STOP_SIGNALS } from './signals';

export { BROKEN_PIPE_EXIT, signalExitCode };

/** The reader of standard output went away (`stmt … -o - | head -1`). */
export function isBrokenPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EPIPE') return true;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause !== undefined && cause !== error && isBrokenPipe(cause);
}

/** How long a stopping process may take to exit before the watchdog ends it (see `armExitWatchdog`). */
export const EXIT_GRACE_MS = 2000;

/**
 * Ends the process at once with `code`, removing the temporary CSV and sort files it was writing.
 * Synchronous: a signal handler or a closed pipe leaves no time to wait for streams.
 * `signal`: the stop signal that asked for it, which the watchdog sends again should the exit hang.
 */
export function stopNow(code: number, signal?: NodeJS.Signals): never {
  removeTrackedTempFilesSync();
  // A closed pipe (`stmt … | head`, an everyday end) waits on nothing: no watchdog process for it.
  if (signal !== undefined) armExitWatchdog(signal);
  process.exit(code);
}

// Run by the watchdog (`node -e`): ends the process PID with SIGNAL after MS milliseconds, unless
// its standard input, a pipe only the watched process holds open, closes first (that process has
// exited: its process id may be another's soon, and is never signalled then).
const WATCHDOG = `const [pid, signal, ms] = process.argv.slice(1);
const timer = setTimeout(() => { try { process.kill(Number(pid), signal); } catch {} }, Number(ms));
process.stdin.on('end', () => clearTimeout(timer)).on('error', () => clearTimeout(timer)).resume();`;

/**
 * Node's exit waits for every thread of its pool to finish what it is doing; one that waits for
 * ever (the open of a named pipe nobody writes, a read from a stalled device or network mount)
 * would keep a stopped run alive until SIGKILL. A small detached process watches: should this one
 * still be there after EXIT_GRACE_MS, it sends the stop signal again, which then has its default
 * effect (the handler is removed first), so the process ends as the signal ends any program, the
 * shell reporting the same 128 + n.
 */
function armExitWatchdog(signal: NodeJS.Signals): void {
  process.removeAllListeners(signal);
  try {
    const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), signal, String(EXIT_GRACE_MS)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env: {},
    });
    watchdog.on('error', () => undefined);
    watchdog.unref();
  } catch {
    // No process to spare (EAGAIN, ENOMEM): exit without the watchdog, as before it.
  }
}

/**
 * Installed in the process that converts, before the command runs:
 * - SIGINT, SIGTERM, SIGHUP remove the temporary files and exit 128 + the signal number;
 * - a closed standard output (EPIPE) ends the run quietly with 141, as SIGPIPE would a C tool;
 *   any other failure of standard output (a full disk behind `> file`) ends it with exit code 5
 *   and one line saying why. Here rather than in the writer: oclif's own stdout listener rethrows
 *   every error but EPIPE as an uncaught exception, and ours runs first;
 * - restarted with a tuned heap (an IPC channel to the first process), that process's death, even by
 *   SIGKILL, closes the channel, and this process stops as if sent SIGTERM instead of finishing
 *   its CSV for nobody.
 */
export function installProcessGuards(): void {
  for (const signal of STOP_SIGNALS) process.on(signal, () => stopNow(signalExitCode(signal), signal));
  process.stdout.on('error', (error) => {
    if (isBrokenPipe(error)) stopNow(BROKEN_PIPE_EXIT);
    const message = outputError('standard output', 'a write failed', error).message;
    // Written at once, not through the logger (the process stops now), but in the format asked for.
    const json = requestedLogFormat(process.argv.slice(2), process.env) === 'json';
    process.stderr.write(
      json
        ? `${JSON.stringify({ level: 'error', message, code: 'OUTPUT_FAILED', timestamp: new Date().toISOString() })}\n`
        : `${message}\n`,
    );
    stopNow(ExitCode.OUTPUT);
  });
  if (process.channel !== undefined) {
    // The channel must not keep the process alive once the conversion is done.
    process.channel.unref();
    process.once('disconnect', () => stopNow(signalExitCode('SIGTERM'), 'SIGTERM'));
  }
}
