import { CodedError } from '@fin/errors';

/** Closed set of reasons an export can fail; the CLI maps each to an exit code. */
export const EXPORT_ERROR_CODES = ['UNKNOWN_PRESET', 'INVALID_DELIMITER', 'OUTPUT_FAILED'] as const;
export type ExportErrorCode = (typeof EXPORT_ERROR_CODES)[number];

export class ExportError extends CodedError<ExportErrorCode> {
  override readonly name: string = 'ExportError';
  /** The output path, when the error concerns a file. */
  readonly file: string | undefined;

  constructor(code: ExportErrorCode, message: string, options: { file?: string; cause?: unknown } = {}) {
    super(code, message, options);
    this.file = options.file;
  }
}

/** Error codes of a failed write that say the disk (or the user's quota) is full. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** True for a system error that a write, fsync or rename raises when the destination is full. */
export function isNoSpaceError(error: unknown): boolean {
  return NO_SPACE.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/**
 * An `OUTPUT_FAILED` error for `target` (a path, or `standard output`): a full disk says so and
 * what to do; anything else names the step (`what`) and the system's reason.
 */
export function outputError(target: string, what: string, cause: unknown): ExportError {
  if (cause instanceof ExportError) return cause;
  if (isNoSpaceError(cause)) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'ENOSPC';
    return new ExportError(
      'OUTPUT_FAILED',
      `Cannot write ${target}: no space left on the device (${code}). Free some space or write to another disk.`,
      { file: target, cause },
    );
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ExportError(
    'OUTPUT_FAILED',
    `Cannot write ${target}: ${what} (${reason}). Check that the folder exists and is writable.`,
    {
      file: target,
      cause,
    },
  );
}
