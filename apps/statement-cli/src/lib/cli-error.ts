import { EXIT_CODE_BY_CLI_ERROR, type CliErrorCode, type ExitCodeValue } from './exit-codes';

/** An error the CLI reports as it is: the message already says what went wrong and what to do. */
export class CliError extends Error {
  override readonly name: string = 'CliError';
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  get exitCode(): ExitCodeValue {
    return EXIT_CODE_BY_CLI_ERROR[this.code];
  }
}
