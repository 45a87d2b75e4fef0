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

/** Codes of the errors the CLI raises itself; library errors are mapped in `describe-error.ts`. */
export type CliErrorCode = 'USAGE' | 'INPUT_NOT_FOUND' | 'INPUT_UNREADABLE' | 'PARSE_FAILED' | 'OUTPUT_FAILED' | 'CONFIG_INVALID';

export const EXIT_CODE_BY_CLI_ERROR: Record<CliErrorCode, ExitCodeValue> = {
  USAGE: ExitCode.USAGE,
  INPUT_NOT_FOUND: ExitCode.INPUT,
  INPUT_UNREADABLE: ExitCode.INPUT,
  PARSE_FAILED: ExitCode.PARSE,
  OUTPUT_FAILED: ExitCode.OUTPUT,
  CONFIG_INVALID: ExitCode.CONFIG,
};

/** StatementParseError codes: all are parse errors except a failed read, which is an input error. */
export function exitCodeForParseError(code: string): ExitCodeValue {
  return code === 'IO_ERROR' ? ExitCode.INPUT : ExitCode.PARSE;
}

/** ExportError codes: a bad preset or delimiter is a usage problem, anything else an output one. */
export function exitCodeForExportError(code: string): ExitCodeValue {
  return code === 'OUTPUT_FAILED' ? ExitCode.OUTPUT : ExitCode.USAGE;
}
