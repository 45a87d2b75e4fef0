import type { ParseIssue, SourceLocation } from './types';
import { CodedError } from '@fin/errors';

/**
 * The closed set of parse error codes. Issues (recoverable problems) use the same codes, so
 * `validate` and `convert` speak one vocabulary and the CLI maps codes to exit codes once.
 */
export const PARSE_ERROR_CODES = [
  'NOT_WELL_FORMED',
  'UNKNOWN_FORMAT',
  'UNSUPPORTED_MESSAGE',
  'MISSING_ELEMENT',
  'INVALID_AMOUNT',
  'INVALID_DATE',
  'INVALID_VALUE',
  'TRUNCATED',
  'LIMIT_EXCEEDED',
  'INVALID_ENCODING',
  'UNRECONCILED_BALANCE',
  'IO_ERROR',
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

/**
 * A statement file could not be parsed. `message` starts with where the problem is
 * (`file:line:column at element/path:`) and says what was expected; `detail` is the same
 * text without the location, for callers that print the location themselves.
 */
export class StatementParseError extends CodedError<ParseErrorCode> {
  override readonly name: string = 'StatementParseError';
  readonly location: SourceLocation | undefined;
  readonly detail: string;

  constructor(
    code: ParseErrorCode,
    detail: string,
    options: { location?: SourceLocation | undefined; cause?: unknown } = {},
  ) {
    const { location, cause } = options;
    super(code, location ? `${formatLocation(location)}: ${detail}` : detail, { cause });
    this.location = location;
    this.detail = detail;
  }

  /** The error that `issue` becomes when nobody listens for issues. */
  static fromIssue(issue: ParseIssue): StatementParseError {
    return new StatementParseError(toErrorCode(issue.code), issue.message, { location: issue.location });
  }

  /** The issue this error would be, for `validate`-style collectors that also catch fatal errors. */
  toIssue(): ParseIssue {
    return {
      code: this.code,
      message: this.detail,
      severity: 'error',
      location: this.location ?? { line: 0, column: 0 },
    };
  }
}

/** `file:12:5 at Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/Amt` — the prefix every message carries. */
export function formatLocation(location: SourceLocation): string {
  const where = `${location.file ?? '<input>'}:${location.line}:${location.column}`;
  return location.path ? `${where} at ${location.path}` : where;
}

function toErrorCode(code: string): ParseErrorCode {
  return (PARSE_ERROR_CODES as readonly string[]).includes(code) ? (code as ParseErrorCode) : 'INVALID_VALUE';
}
