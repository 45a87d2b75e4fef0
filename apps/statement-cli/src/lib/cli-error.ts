import { EXIT_CODE_BY_CLI_ERROR, type CliErrorCode, type ExitCodeValue } from './exit-codes';
import { CodedError } from '@fin/errors';

/** An error the CLI reports as it is: the message already says what went wrong and what to do. */
export class CliError extends CodedError<CliErrorCode> {
  override readonly name: string = 'CliError';

  get exitCode(): ExitCodeValue {
    return EXIT_CODE_BY_CLI_ERROR[this.code];
  }
}
