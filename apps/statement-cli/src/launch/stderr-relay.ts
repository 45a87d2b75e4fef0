import type { ChildProcess, StdioOptions } from 'node:child_process';
import { isatty, WriteStream } from 'node:tty';

// Kept free of imports beyond Node's: the waiting launcher loads this and nothing heavier.

/**
 * V8 reports running out of its heap on the process's standard error itself: the last garbage
 * collections, its JavaScript and native stack traces and "FATAL ERROR: … heap out of memory",
 * before the launcher can say what to do instead. So the restarted process's standard error
 * (fd 2) is a pipe the launcher reads (`relayStandardError`), passing everything on up to such a
 * report and dropping the report. On a terminal, the restarted process writes its own messages
 * (errors, warnings, the progress bar) to the terminal itself, through fd 4 (`useTerminal`):
 * they stay a terminal's, and only what Node and V8 write to fd 2 goes through the pipe.
 */
const TERMINAL_FD = 4;
const TERMINAL_VARIABLE = 'STMT_TERMINAL_FD';

/** How V8 starts its report: the last collections, or the fatal error itself. */
const HEAP_REPORT = /\n?<--- Last few GCs --->|FATAL ERROR: [^\n]*out of memory/;

/** The restarted process's stdio (IPC on fd 3) and the variables that tell it where the terminal is. */
export function restartedStdio(): { stdio: StdioOptions; env: NodeJS.ProcessEnv } {
  const terminal = isatty(2);
  return {
    stdio: ['inherit', 'inherit', 'pipe', 'ipc', ...(terminal ? [2] : [])],
    env: terminal ? { [TERMINAL_VARIABLE]: String(TERMINAL_FD) } : {},
  };
}

/**
 * In the launcher: passes the restarted process's standard error on to this one's, up to a heap
 * report. `reported()` tells whether one came; `done` settles once the pipe has closed, so
 * nothing written before the process ended is lost.
 */
export function relayStandardError(child: ChildProcess): { reported(): boolean; done: Promise<void> } {
  let report = false;
  // A closed standard error (the reader of a pipe gone) must not stop the launcher.
  process.stderr.on('error', () => undefined);
  const done = new Promise<void>((resolve) => {
    const source = child.stderr;
    if (source === null) return resolve();
    source.on('data', (chunk: Buffer) => {
      if (report) return;
      // latin1 maps each byte to one character: the offset found is the byte offset.
      const found = HEAP_REPORT.exec(chunk.toString('latin1'));
      if (found !== null) report = true;
      const passed = found === null ? chunk : chunk.subarray(0, found.index);
      if (passed.length > 0) process.stderr.write(passed);
    });
    source.on('close', () => resolve());
    source.on('error', () => resolve());
  });
  return { reported: () => report, done };
}

/**
 * In the restarted process, before anything writes: its standard error becomes the terminal the
 * launcher passed, if it passed one (a TTY stream writes synchronously, as Node's own does).
 */
export function useTerminal(env: NodeJS.ProcessEnv = process.env): void {
  const fd = Number(env[TERMINAL_VARIABLE]);
  delete env[TERMINAL_VARIABLE];
  if (!Number.isInteger(fd) || !isatty(fd)) return;
  const terminal = new WriteStream(fd);
  Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, get: () => terminal });
}
