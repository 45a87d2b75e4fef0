import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeStaleTempFiles } from '@stmt/export';
import {
  parseFile,
  parseStream,
  parseString,
  StatementParseError,
  type ParseIssue,
  type StatementFormat,
  type StatementRecord,
} from '@stmt/parser';
import {
  conversionSettings,
  convertRecords,
  convertToCsv,
  type ConversionResult,
  type ConversionSettings,
  type ReportedIssues,
} from './conversion';
import { ConvertError } from './errors';
import { IssueTally } from './issue-tally';
import { readChunks, type InputTarget } from './input';
import { noProgress, silentLogger, type ConvertLogger, type FileOutcomeHook, type ProgressFactory } from './hooks';
import { canonicalPath, refuseOverwritingInput } from './output';
import { convertToLedger, type LedgerOutput } from './convert-ledger';
import type { CsvProfileOptions, ReadOptions } from './statement-files';

export interface ConvertFileJob {
  /** A file or a stream (`resolveInput`); a folder goes to `convertDirectory`. */
  input: InputTarget;
  /** A file path, `-` for standard output, or undefined for a dry run. */
  output: string | undefined;
  /** The input's format; detected from its content when not given. */
  format?: StatementFormat | undefined;
  /** `--to hledger|beancount|qif`: a journal instead of a CSV. */
  ledger?: LedgerOutput;
  /** `--profile` and the user's CSV profiles. */
  csv?: CsvProfileOptions;
  /** Worker threads for a large camt file (see `parseFile`); 1 when not given. */
  threads?: number;
  /** The CSV's field separator; a comma when not given. */
  delimiter?: string;
  /** Rows, order, preset and enrichment; see `conversionSettings` for the defaults. */
  settings?: Partial<ConversionSettings>;
  /** Warnings, notes and one line per converted file go here; nothing is logged without it. */
  logger?: ConvertLogger;
  /** Told of each input's outcome (the CLI's audit log). */
  onFileDone?: FileOutcomeHook;
  /** Progress through each input by bytes read (the CLI's bar for large files). */
  progress?: ProgressFactory;
  /** `--strict` / `input.strict`: warnings and unreconciled balances refuse the file. */
  strict?: boolean;
  /** `--encoding`, `--max-field-size`. */
  read?: ReadOptions;
}

/** Warnings kept for `--dry-run --json`; a file with more reports the count only beyond these. */
export const MAX_REPORTED_ISSUES = 1000;

/** Issues of one severity and code logged per file; the rest are counted in one closing line (`IssueTally`). */
export const LOGGED_ISSUES_PER_KIND = 20;

/**
 * One statement file to one CSV. The CSV is written beside its target under a temporary name and
 * renamed into place only after the last row, so an error leaves no partial file behind. A device
 * or FIFO is written straight through; a symbolic link stays a link and the file it points to is
 * replaced, keeping its permission bits (see `createAtomicFile`).
 */
export function convertFile(job: ConvertFileJob): Promise<ConversionResult> {
  return convertOne(job, { sweep: true, checkOverwrite: true, syncFolder: true });
}

/**
 * `convertFile`, and each file of a folder. `sweep`: first remove the temporary files killed runs
 * left beside the output; `checkOverwrite`: refuse an output that is the input; `syncFolder`:
 * fsync the output's folder after the rename; `absent`: the output was not in its folder's
 * listing (see `createAtomicFile`). A folder conversion sweeps once for the folder, checks files
 * only when its two folders are one, and fsyncs the output folder once at the end.
 */
export async function convertOne(
  job: ConvertFileJob,
  options: { sweep: boolean; checkOverwrite: boolean; syncFolder: boolean; absent?: boolean },
): Promise<ConversionResult> {
  if (job.input.kind === 'directory')
    throw new ConvertError('USAGE', `Input ${job.input.name} is a folder: convert it with convertDirectory.`);
  const started = performance.now();
  const file = job.input.name;
  const logger = job.logger ?? silentLogger;
  const settings = conversionSettings({ inputName: file, ...job.settings });
  const progress = (job.progress ?? noProgress)(job.input.kind === 'file' ? job.input.size : undefined);
  const onRead = (bytes: number): void => progress.advance(bytes);
  const issues: ReportedIssues = { reported: [], warnings: 0, notes: 0 };
  const records = (): AsyncIterable<StatementRecord> => statementRecords(job, onRead, issues);
  try {
    let result: ConversionResult;
    if (job.output === undefined) {
      result = await convertRecords(records(), undefined, settings);
    } else if (job.ledger !== undefined) {
      if (job.input.kind === 'file' && options.checkOverwrite) await refuseOverwritingInput(job.input.path, job.output);
      result = await convertToLedger(records(), job.output, job.ledger, settings, logger, options);
    } else {
      if (job.input.kind === 'file' && options.checkOverwrite) await refuseOverwritingInput(job.input.path, job.output);
      if (job.output !== '-' && options.sweep) {
        const folder = await temporaryFileFolder(job.output);
        if (folder !== undefined) await removeLeftovers(folder, logger);
      }
      result = await convertToCsv(records(), job.output, job.delimiter ?? ',', settings, options);
    }
    progress.stop();
    result.issues = issues;
    logger.info(job.output === undefined ? 'parsed (dry run)' : 'converted', {
      file,
      parser: result.parser,
      transactions: result.summary.entries,
      rows: result.rows,
      ...(result.sortRuns === 0 ? {} : { sortRuns: result.sortRuns }),
      duration: Math.round(performance.now() - started),
      ...(job.output === undefined ? {} : { output: job.output }),
    });
    job.onFileDone?.(file, 'success');
    return result;
  } catch (error) {
    progress.stop();
    job.onFileDone?.(file, 'failure');
    throw error;
  }
}

/**
 * Where the temporary file for `output` goes: the folder of the file it replaces, the one a link
 * points to. Undefined for a device or FIFO (written straight through) or a folder (which cannot
 * be replaced).
 */
async function temporaryFileFolder(output: string): Promise<string | undefined> {
  const info = await stat(output).catch(() => undefined);
  if (info !== undefined && !info.isFile()) return undefined;
  return dirname(await canonicalPath(output));
}

/** Temporary CSVs of earlier runs that were killed before they could remove them. */
export async function removeLeftovers(dir: string, logger: ConvertLogger): Promise<void> {
  for (const file of await removeStaleTempFiles(dir))
    logger.info('removed a temporary file left by an interrupted run', { file });
}

/** The records of the job's input, stopping at the first error (see `stopAtFirstError`); warnings and notes are counted in `issues`. */
export function statementRecords(
  job: Pick<ConvertFileJob, 'input' | 'format' | 'threads' | 'logger' | 'csv' | 'strict' | 'read' | 'settings'>,
  onRead?: (bytes: number) => void,
  issues: ReportedIssues = { reported: [], warnings: 0, notes: 0 },
): AsyncIterable<StatementRecord> {
  const input = job.input;
  const strict = job.strict === true;
  return stopAtFirstError(
    (onIssue) => {
      const options = {
        ...job.read,
        fileName: input.name,
        onIssue,
        strict,
        ...job.csv,
        ...(job.format === undefined ? {} : { format: job.format }),
      };
      if (input.kind === 'file' && input.content !== undefined) {
        onRead?.(input.content.length);
        return parseString(input.content, options);
      }
      const read = onRead === undefined ? {} : { onRead };
      // A streaming conversion promises 128 MiB for any file: one fragment for the reader, not two.
      const ahead = job.settings?.streaming === true ? { readAheadFragments: 1 } : {};
      return input.kind === 'file'
        ? parseFile(input.path, { ...options, threads: job.threads ?? 1, ...read, ...ahead })
        : parseStream(readChunks(input, onRead), options);
    },
    job.logger ?? silentLogger,
    { strict, issues },
  );
}

/**
 * Conversion stops at the first error the parser reports, except for balances that do not
 * reconcile: the entries themselves are sound, real exports sometimes carry such balances, and
 * `validate` is the place to insist (as is `--strict`). Those, warnings and notes go to the log
 * with their place, and are kept for the dry-run report.
 */
function stopAtFirstError(
  parse: (onIssue: (issue: ParseIssue) => void) => AsyncIterable<StatementRecord>,
  logger: ConvertLogger,
  options: { strict: boolean; issues: ReportedIssues },
): AsyncIterable<StatementRecord> {
  let fatal: ParseIssue | undefined;
  const logged = new IssueTally(LOGGED_ISSUES_PER_KIND);
  let file: string | undefined;
  const onIssue = (reported: ParseIssue): void => {
    if (reported.severity === 'error' && (reported.code !== 'UNRECONCILED_BALANCE' || options.strict)) {
      fatal ??= reported;
      return;
    }
    // Balances that do not reconcile leave every row right: conversion goes on, so for it they are warnings.
    const issue: ParseIssue = reported.severity === 'error' ? { ...reported, severity: 'warning' } : reported;
    if (issue.severity === 'note') options.issues.notes += 1;
    else options.issues.warnings += 1;
    if (options.issues.reported.length < MAX_REPORTED_ISSUES) options.issues.reported.push(issue);
    file = issue.location.file;
    if (!logged.admit(issue)) return;
    const { line, column, path } = issue.location;
    const fields = {
      file,
      severity: issue.severity,
      code: issue.code,
      line,
      column,
      ...(path === undefined ? {} : { element: path }),
    };
    if (issue.severity === 'note') logger.info(issue.message, fields);
    else logger.warn(issue.message, fields);
  };
  // Once, when the parse ends (or stops at an error): how many of each kind were not logged.
  let counted = false;
  const logOmitted = (): void => {
    if (counted) return;
    counted = true;
    for (const { severity, code, count } of logged.omitted()) {
      const message = `${count} more ${severity}(s) ${code} in this file not logged, after the first ${LOGGED_ISSUES_PER_KIND}; \`stmt validate\` lists them`;
      const fields = { file, severity, code, omitted: count };
      if (severity === 'note') logger.info(message, fields);
      else logger.warn(message, fields);
    }
  };
  // Hand-written rather than an async generator, which would add a queue and a resumption per record.
  return {
    [Symbol.asyncIterator](): AsyncIterator<StatementRecord> {
      const records = parse(onIssue)[Symbol.asyncIterator]();
      // No record is handed out once an error was reported, not even one parsed before it.
      const stop = async (error: ParseIssue, done: boolean | undefined): Promise<never> => {
        logOmitted();
        if (done !== true) await records.return?.();
        throw StatementParseError.fromIssue(error);
      };
      const checked = (
        result: IteratorResult<StatementRecord>,
      ): IteratorResult<StatementRecord> | Promise<IteratorResult<StatementRecord>> => {
        if (fatal !== undefined) return stop(fatal, result.done);
        if (result.done === true) logOmitted();
        return result;
      };
      return {
        next: () => records.next().then(checked),
        return: async () => (await records.return?.()) ?? { done: true, value: undefined },
      };
    },
  };
}
