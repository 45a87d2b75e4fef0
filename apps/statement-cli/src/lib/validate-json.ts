import type { OmittedIssues } from '@stmt/convert';
import type { ParseIssue } from '@stmt/parser';
import type { ErrorReport } from './describe-error';
import type { ValidationReport } from './validate-file';

/**
 * `stmt validate --json` for one file: the verdict and every issue as the text output lists
 * them (code, severity, message, location with file, line, column and element path).
 */
export interface FileValidationJson {
  file: string;
  /** The format the file reads as (`camt.053`, `mt940` …), `unknown` when none was recognised. */
  format: string;
  /** No issue of severity `error` (with --strict, warnings are errors). */
  valid: boolean;
  statements: number;
  entries: number;
  errors: number;
  warnings: number;
  notes: number;
  /** The first 1,000 issues of each severity and code (`omitted` counts the rest). */
  issues: ParseIssue[];
  /** Per severity and code, the issues counted beyond those in `issues`. */
  omitted: OmittedIssues[];
}

/** `stmt validate --json` for a folder: one result per recognised statement file, in name order. */
export interface FolderValidationJson {
  folder: string;
  /** Every file valid. */
  valid: boolean;
  files: FileValidationJson[];
  /** Files that are not a recognised statement, left out as `convert` leaves them out. */
  skipped: string[];
}

export function fileValidationJson(report: ValidationReport): FileValidationJson {
  return {
    file: report.file,
    format: report.format,
    valid: report.counts.error === 0,
    statements: report.statements,
    entries: report.entries,
    errors: report.counts.error,
    warnings: report.counts.warning,
    notes: report.counts.note,
    issues: report.issues,
    omitted: report.omitted,
  };
}

/** A folder's file that could not be read at all (a permission error, say): one error issue. */
export function unreadableFileJson(file: string, described: ErrorReport): FileValidationJson {
  const code = typeof described.fields['code'] === 'string' ? described.fields['code'] : 'UNREADABLE';
  const issue: ParseIssue = {
    code,
    severity: 'error',
    message: described.message,
    location: { file, line: 1, column: 1 },
  };
  return {
    file,
    format: 'unknown',
    valid: false,
    statements: 0,
    entries: 0,
    errors: 1,
    warnings: 0,
    notes: 0,
    issues: [issue],
    omitted: [],
  };
}
