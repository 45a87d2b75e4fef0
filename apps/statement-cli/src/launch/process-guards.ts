import { outputError, removeTrackedTempFilesSync } from '@stmt/export';
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

/**
 * Ends the process at once with `code`, removing the temporary CSV and sort files it was writing.
 * Synchronous: a signal handler or a closed pipe leaves no time to wait for streams.
 */
export function stopNow(code: number): never {
  removeTrackedTempFilesSync();
  process.exit(code);
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
  for (const signal of STOP_SIGNALS) process.on(signal, () => stopNow(signalExitCode(signal)));
  process.stdout.on('error', (error) => {
    if (isBrokenPipe(error)) stopNow(BROKEN_PIPE_EXIT);
    process.stderr.write(`${outputError('standard output', 'a write failed', error).message}\n`);
    stopNow(ExitCode.OUTPUT);
  });
  if (process.channel !== undefined) {
    // The channel must not keep the process alive once the conversion is done.
    process.channel.unref();
    process.once('disconnect', () => stopNow(signalExitCode('SIGTERM')));
  }
}
