import type { CategorizerErrorCode } from '@stmt/categorizer';
import type { ExportErrorCode } from '@stmt/export';
import type { LedgerAccountsErrorCode } from '@stmt/ledger';
import type { CsvProfileErrorCode, ParseErrorCode } from '@stmt/parser';

/**
 * The documented exit codes (docs/exit-codes.md), in one table. 1 is left to oclif for
 * unexpected failures (a bug), as most CLIs do.
 */
export const ExitCode = {
  SUCCESS: 0,
  INTERNAL: 1,
  USAGE: 2,
  INPUT: 3,
  PARSE: 4,
  OUTPUT: 5,
  CONFIG: 6,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Codes of the errors the CLI raises itself; library errors are mapped by the tables below. */
export const CLI_ERROR_CODES = [
  'USAGE',
  'INPUT_NOT_FOUND',
  'INPUT_UNREADABLE',
  'PARSE_FAILED',
  'OUTPUT_FAILED',
  'CONFIG_INVALID',
] as const;
export type CliErrorCode = (typeof CLI_ERROR_CODES)[number];

// Each table is checked against its closed code set: a new code without an exit code does not compile.
export const EXIT_CODE_BY_CLI_ERROR = {
  USAGE: ExitCode.USAGE,
  INPUT_NOT_FOUND: ExitCode.INPUT,
  INPUT_UNREADABLE: ExitCode.INPUT,
  PARSE_FAILED: ExitCode.PARSE,
  OUTPUT_FAILED: ExitCode.OUTPUT,
  CONFIG_INVALID: ExitCode.CONFIG,
} as const satisfies Record<CliErrorCode, ExitCodeValue>;

/** StatementParseError codes: all are parse errors except a failed read, which is an input error. */
export const EXIT_CODE_BY_PARSE_ERROR = {
  NOT_WELL_FORMED: ExitCode.PARSE,
  UNKNOWN_FORMAT: ExitCode.PARSE,
  UNSUPPORTED_MESSAGE: ExitCode.PARSE,
  MISSING_ELEMENT: ExitCode.PARSE,
  INVALID_AMOUNT: ExitCode.PARSE,
  INVALID_DATE: ExitCode.PARSE,
  INVALID_VALUE: ExitCode.PARSE,
  TRUNCATED: ExitCode.PARSE,
  LIMIT_EXCEEDED: ExitCode.PARSE,
  INVALID_ENCODING: ExitCode.PARSE,
  UNRECONCILED_BALANCE: ExitCode.PARSE,
  IO_ERROR: ExitCode.INPUT,
} as const satisfies Record<ParseErrorCode, ExitCodeValue>;

/** ExportError codes: a bad preset or delimiter is a usage problem, anything else an output one. */
export const EXIT_CODE_BY_EXPORT_ERROR = {
  UNKNOWN_PRESET: ExitCode.USAGE,
  INVALID_DELIMITER: ExitCode.USAGE,
  OUTPUT_FAILED: ExitCode.OUTPUT,
} as const satisfies Record<ExportErrorCode, ExitCodeValue>;

export function exitCodeForParseError(code: ParseErrorCode): ExitCodeValue {
  return EXIT_CODE_BY_PARSE_ERROR[code];
}

export function exitCodeForExportError(code: ExportErrorCode): ExitCodeValue {
  return EXIT_CODE_BY_EXPORT_ERROR[code];
}

/**
 * CategorizerError codes that reach the top unwrapped (database.ts and save-mappings.ts wrap the
 * ones they expect): the database, key file and AI settings are configuration, a failed save is
 * output; the AI tier reports its service's failures and carries on, so those never end a run.
 */
export const EXIT_CODE_BY_CATEGORIZER_ERROR = {
  DATABASE_UNREADABLE: ExitCode.CONFIG,
  DATABASE_INVALID: ExitCode.CONFIG,
  API_KEY_FILE_UNREADABLE: ExitCode.CONFIG,
  AI_CONFIG_INVALID: ExitCode.CONFIG,
  AI_HTTP_ERROR: ExitCode.INTERNAL,
  AI_TIMEOUT: ExitCode.INTERNAL,
  AI_NETWORK_ERROR: ExitCode.INTERNAL,
  AI_BAD_RESPONSE: ExitCode.INTERNAL,
  MAPPINGS_WRITE_FAILED: ExitCode.OUTPUT,
} as const satisfies Record<CategorizerErrorCode, ExitCodeValue>;

/** A CSV profile or a ledger account mapping that breaks its schema is a configuration error. */
export const EXIT_CODE_BY_SCHEMA_ERROR = {
  INVALID_PROFILE: ExitCode.CONFIG,
  INVALID_MAPPING: ExitCode.CONFIG,
} as const satisfies Record<CsvProfileErrorCode | LedgerAccountsErrorCode, ExitCodeValue>;
