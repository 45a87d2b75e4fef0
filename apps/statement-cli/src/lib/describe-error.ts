import { ConvertError } from '@stmt/convert';
import { ExportError } from '@stmt/export';
import { StatementParseError, type SourceLocation } from '@stmt/parser';
import { describeLibraryError } from './library-errors';
import { CliError } from './cli-error';
import {
  EXIT_CODE_BY_CLI_ERROR,
  ExitCode,
  exitCodeForExportError,
  exitCodeForParseError,
  type ExitCodeValue,
} from './exit-codes';

export interface ErrorReport {
  exitCode: ExitCodeValue;
  /** One line for the user: what went wrong, where, and what to do. Never a stack trace. */
  message: string;
  /** Structured context for JSON logs. */
  fields: Record<string, unknown>;
}

/** `file, line 12, column 5, element Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/Amt` */
export function formatLocation(location: SourceLocation | undefined, fallbackFile?: string): string {
  const parts: string[] = [];
  const file = location?.file ?? fallbackFile;
  if (file !== undefined) parts.push(file);
  if (location !== undefined) parts.push(`line ${location.line}`, `column ${location.column}`);
  if (location?.path !== undefined) parts.push(`element ${location.path}`);
  return parts.join(', ');
}

const VALIDATE_HINT = 'Run `stmt validate --input FILE` to list every problem.';
/** The hint after a parse error: whether the file is whole is worth checking only where a cut file gives that error. */
function parseHint(code: StatementParseError['code']): string {
  return code === 'TRUNCATED' || code === 'NOT_WELL_FORMED' || code === 'MISSING_ELEMENT'
    ? 'Check that the file is a complete statement export; run `stmt validate --input FILE` to list every problem.'
    : VALIDATE_HINT;
}

/**
 * `file`: the input the command was working on, for errors that do not name it; `command`: the
 * command's id (`convert`, `mappings:apply`), so that a usage error points at that command's help.
 */
export function describeError(error: unknown, file?: string, command?: string): ErrorReport {
  const report = describe(error, file, command);
  // oclif wraps what a flag's own parser threw (a bad --delimiter) in lines of its own.
  if (report.exitCode === ExitCode.USAGE && OCLIF_WRAPPING.test(report.message))
    return { ...report, message: usageMessage(report.message, command) };
  return report;
}

const OCLIF_WRAPPING = /^Parsing --|\nSee more help with --help/;

function describe(error: unknown, file: string | undefined, command: string | undefined): ErrorReport {
  if (error instanceof CliError) {
    return { exitCode: error.exitCode, message: error.message, fields: { code: error.code } };
  }
  // The conversion library's codes are a subset of the CLI's, with the same exit codes.
  if (error instanceof ConvertError) {
    return { exitCode: EXIT_CODE_BY_CLI_ERROR[error.code], message: error.message, fields: { code: error.code } };
  }
  if (error instanceof StatementParseError) {
    const where = formatLocation(error.location, file);
    const exitCode = exitCodeForParseError(error.code);
    const prefix = exitCode === ExitCode.PARSE ? 'parse error' : 'read error';
    return {
      exitCode,
      message:
        `${prefix} (${error.code}) in ${where}: ${error.detail.replace(/\.$/, '')}. ${exitCode === ExitCode.PARSE ? parseHint(error.code) : ''}`.trim(),
      fields: { code: error.code, file: error.location?.file ?? file, ...locationFields(error.location) },
    };
  }
  if (error instanceof ExportError) {
    return {
      exitCode: exitCodeForExportError(error.code),
      message: error.message,
      fields: { code: error.code, file: error.file },
    };
  }
  const library = describeLibraryError(error);
  if (library !== undefined) return library;
  if (isOclifUsageError(error)) {
    return { exitCode: ExitCode.USAGE, message: usageMessage(error.message, command), fields: { code: 'USAGE' } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: ExitCode.INTERNAL,
    message: `unexpected error: ${message}. Please report it with the command you ran.`,
    fields: {},
  };
}

function locationFields(location: SourceLocation | undefined): Record<string, unknown> {
  if (location === undefined) return {};
  return {
    line: location.line,
    column: location.column,
    ...(location.path === undefined ? {} : { path: location.path }),
  };
}

/** oclif's flag and argument errors carry `oclif.exit` (2 unless configured otherwise). */
function isOclifUsageError(error: unknown): error is Error {
  return error instanceof Error && typeof (error as { oclif?: { exit?: unknown } }).oclif?.exit === 'number';
}

/**
 * oclif's flag and argument messages, which come in several lines ("Nonexistent flag: --bogus\nSee
 * more help with --help"), as one line ending with the help of the command concerned.
 */
function usageMessage(message: string, command: string | undefined): string {
  const help = `\`stmt ${command === undefined ? '' : `${command.replaceAll(':', ' ')} `}--help\``;
  const text = message
    .replace(/^Parsing (--\S+)\s*\n\s*/, '$1: ')
    .replace(/^The following errors? occurred:\s*/, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^See more help with --help\.?$/.test(line))
    .join(' ')
    .replace(/([^.:;!?])$/, '$1.');
  return `${text} See ${help}.`;
}
