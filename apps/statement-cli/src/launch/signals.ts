import { constants } from 'node:os';

// Kept free of imports beyond Node's: the --streaming launcher loads this and nothing heavier.

/** The signals that end a conversion early; each removes what the run was writing. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** `128 + n`, the status a shell reports for a process ended by signal n (130 for SIGINT, 143 for SIGTERM). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

/** 141 = 128 + SIGPIPE: what `yes | head -1` reports for `yes`, and `set -o pipefail` sees. */
export const BROKEN_PIPE_EXIT = signalExitCode('SIGPIPE');
