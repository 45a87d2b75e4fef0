import { CodedError } from '@fin/errors';

/** What went wrong in a conversion, as a closed set (the CLI maps each to an exit code). */
export const CONVERT_ERROR_CODES = [
  'USAGE',
  'INPUT_NOT_FOUND',
  'INPUT_UNREADABLE',
  'PARSE_FAILED',
  'OUTPUT_FAILED',
] as const;
export type ConvertErrorCode = (typeof CONVERT_ERROR_CODES)[number];

/**
 * A conversion that cannot go on: an output that is a folder (or the input itself), an input that
 * is missing or unreadable, a format the caller did not allow, a state file that cannot be written.
 * The message says what went wrong and what to do. Parse and write failures of the libraries
 * below (`StatementParseError`, `ExportError`) pass through as they are.
 */
export class ConvertError extends CodedError<ConvertErrorCode> {
  override readonly name: string = 'ConvertError';
}
