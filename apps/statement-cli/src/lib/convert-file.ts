import { dirname } from 'node:path';
import { removeStaleTempFiles } from '@stmt/export';
import { parseFile, parseStream, StatementParseError, type ParseIssue, type StatementFormat, type StatementRecord } from '@stmt/parser';
import { audit, type AuditOperation } from './audit';
import { convertRecords, convertToCsv, type ConversionResult, type ConversionSettings, type ReportedIssues } from './conversion';
import { readChunks, type InputTarget } from './input';
import type { ReadOptions } from './read-options';
import type { Logger } from './logger';
import { refuseOverwritingInput } from './output';
import { convertToLedger, type LedgerOutput } from './convert-ledger';
import { createProgress } from './progress';
import type { CsvProfileOptions } from './statement-files';

export interface ConvertFileJob {
  input: Extract<InputTarget, { kind: 'file' | 'stdin' }>;
  /** A file path, `-` for standard output, or undefined for a dry run. */
  output: string | undefined;
  format: StatementFormat | undefined;
  /** `--to hledger|beancount|qif`: a journal instead of a CSV. */
  ledger?: LedgerOutput;
  /** `--profile` and the user's CSV profiles. */
  csv?: CsvProfileOptions;
  /** Worker threads for a large camt file (see `parseFile`). */
  threads: number;
  delimiter: string;
  settings: ConversionSettings;
  logger: Logger;
  operation: AuditOperation;
  /** `--strict` / `input.strict`: warnings and unreconciled balances refuse the file. */
  strict?: boolean;
  /** `--encoding`, `--max-field-size`. */
  read?: ReadOptions;
}

/** Warnings kept for `--dry-run --json`; a file with more reports the count only beyond these. */
export const MAX_REPORTED_ISSUES = 1000;

/**
 * One statement file to one CSV. The CSV is written beside its target under a temporary name and
 * renamed into place only after the last row, so an error leaves no partial file behind.
 */
export async function convertFile(job: ConvertFileJob): Promise<ConversionResult> {
  const started = performance.now();
  const file = job.input.name;
  const progress = createProgress(job.input.kind === 'file' ? job.input.size : undefined);
  const onRead = (bytes: number): void => progress.advance(bytes);
  const issues: ReportedIssues = { reported: [], warnings: 0, notes: 0 };
  const records = (): AsyncIterable<StatementRecord> => statementRecords(job, onRead, issues);
  try {
    let result: ConversionResult;
    if (job.output === undefined) {
      result = await convertRecords(records(), undefined, job.settings);
    } else if (job.ledger !== undefined) {
      if (job.input.kind === 'file') await refuseOverwritingInput(job.input.path, job.output);
      result = await convertToLedger(records(), job.output, job.ledger, job.settings, job.logger);
    } else {
      if (job.input.kind === 'file') await refuseOverwritingInput(job.input.path, job.output);
      if (job.output !== '-') await removeLeftovers(dirname(job.output), job.logger);
      result = await convertToCsv(records(), job.output, job.delimiter, job.settings);
    }
    progress.stop();
    result.issues = issues;
    job.logger.info(job.output === undefined ? 'parsed (dry run)' : 'converted', {
      file,
      parser: result.parser,
      transactions: result.summary.entries,
      rows: result.rows,
      ...(result.sortRuns === 0 ? {} : { sortRuns: result.sortRuns }),
      duration: Math.round(performance.now() - started),
      ...(job.output === undefined ? {} : { output: job.output }),
    });
    audit(job.logger, job.operation, file, 'success');
    return result;
  } catch (error) {
    progress.stop();
    audit(job.logger, job.operation, file, 'failure');
    throw error;
  }
}

/** Temporary CSVs of earlier runs that were killed before they could remove them. */
async function removeLeftovers(dir: string, logger: Logger): Promise<void> {
  for (const file of await removeStaleTempFiles(dir)) logger.info('removed a temporary file left by an interrupted run', { file });
}

/** The records of the job's input, stopping at the first error (see `stopAtFirstError`); warnings and notes are counted in `issues`. */
export function statementRecords(
  job: Pick<ConvertFileJob, 'input' | 'format' | 'threads' | 'logger' | 'csv' | 'strict' | 'read'>,
  onRead?: (bytes: number) => void,
  issues: ReportedIssues = { reported: [], warnings: 0, notes: 0 },
): AsyncIterable<StatementRecord> {
  const input = job.input;
  const strict = job.strict === true;
  return stopAtFirstError(
    (onIssue) => {
      const options = { ...job.read, fileName: input.name, onIssue, strict, ...job.csv, ...(job.format === undefined ? {} : { format: job.format }) };
      const read = onRead === undefined ? {} : { onRead };
      return input.kind === 'file' ? parseFile(input.path, { ...options, threads: job.threads, ...read }) : parseStream(readChunks(input, onRead), options);
    },
    job.logger,
    { strict, issues },
  );
}

/**
 * Conversion stops at the first error the parser reports, except for balances that do not
 * reconcile: the entries themselves are sound, real exports sometimes carry such balances, and
 * `validate` is the place to insist (as is `--strict`). Those, warnings and notes go to the log
 * with their place, and are kept for the dry-run report.
 */
async function* stopAtFirstError(
  parse: (onIssue: (issue: ParseIssue) => void) => AsyncIterable<StatementRecord>,
  logger: Logger,
  options: { strict: boolean; issues: ReportedIssues },
): AsyncGenerator<StatementRecord> {
  let fatal: ParseIssue | undefined;
  const onIssue = (issue: ParseIssue): void => {
    if (issue.severity === 'error' && (issue.code !== 'UNRECONCILED_BALANCE' || options.strict)) {
      fatal ??= issue;
      return;
    }
    if (issue.severity === 'note') options.issues.notes += 1;
    else options.issues.warnings += 1;
    if (options.issues.reported.length < MAX_REPORTED_ISSUES) options.issues.reported.push(issue);
    const { file, line, column, path } = issue.location;
    const log = issue.severity === 'note' ? logger.info.bind(logger) : logger.warn.bind(logger);
    log(issue.message, { file, severity: issue.severity, code: issue.code, line, column, ...(path === undefined ? {} : { element: path }) });
  };
  for await (const record of parse(onIssue)) {
    if (fatal !== undefined) break;
    yield record;
  }
  if (fatal !== undefined) throw StatementParseError.fromIssue(fatal);
}
