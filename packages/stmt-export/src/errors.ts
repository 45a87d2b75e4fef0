/** Closed set of reasons an export can fail; the CLI maps each to an exit code. */
export type ExportErrorCode = 'UNKNOWN_PRESET' | 'INVALID_DELIMITER' | 'OUTPUT_FAILED';

export class ExportError extends Error {
  readonly code: ExportErrorCode;
  /** The output path, when the error concerns a file. */
  readonly file: string | undefined;

  constructor(code: ExportErrorCode, message: string, options: { file?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ExportError';
    this.code = code;
    this.file = options.file;
  }
}
