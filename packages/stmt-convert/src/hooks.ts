/**
 * Where a conversion reports what it does: a logger (a winston or pino logger fits), progress and
 * audit callbacks. None is needed; the library itself never writes to the terminal.
 */
export interface ConvertLogger {
  error(message: string, fields?: Record<string, unknown>): unknown;
  warn(message: string, fields?: Record<string, unknown>): unknown;
  info(message: string, fields?: Record<string, unknown>): unknown;
}

/** Progress through one input: `advance` with each chunk's bytes, `stop` once done or failed. */
export interface Progress {
  advance(bytes: number): void;
  stop(): void;
}

/** Starts the progress of one input of `totalBytes` (undefined for a stream of unknown size). */
export type ProgressFactory = (totalBytes: number | undefined) => Progress;

/** Called once per input file when its conversion succeeded or failed (the CLI writes an audit entry). */
export type FileOutcomeHook = (file: string, outcome: 'success' | 'failure') => void;

export const silentLogger: ConvertLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

export const noProgress: ProgressFactory = () => ({ advance: () => undefined, stop: () => undefined });
