import { parseFile, parseStream, StatementParseError, type ParseIssue, type StatementFormat, type StatementRecord } from '@stmt/parser';
import { audit, type AuditOperation } from './audit';
import { convertRecords, type ConversionResult, type ConversionSettings } from './conversion';
import { readChunks, type InputTarget } from './input';
import type { Logger } from './logger';
import { openCsvSink, refuseOverwritingInput } from './output';
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
}

/**
 * One statement file to one CSV. The CSV is written beside its target under a temporary name and
 * renamed into place only after the last row, so an error leaves no partial file behind.
 */
export async function convertFile(job: ConvertFileJob): Promise<ConversionResult> {
  const started = performance.now();
  const file = job.input.name;
  const progress = createProgress(job.input.kind === 'file' ? job.input.size : undefined);
  const onRead = (bytes: number): void => progress.advance(bytes);
  const records = (): AsyncIterable<StatementRecord> => statementRecords(job, onRead);
  try {
    let result: ConversionResult;
    if (job.output === undefined) {
      result = await convertRecords(records(), undefined, job.settings);
    } else if (job.ledger !== undefined) {
      if (job.input.kind === 'file') await refuseOverwritingInput(job.input.path, job.output);
      result = await convertToLedger(records(), job.output, job.ledger, job.settings, job.logger);
    } else {
      if (job.input.kind === 'file') await refuseOverwritingInput(job.input.path, job.output);
      const sink = await openCsvSink(job.output, job.settings.preset, job.delimiter, { buffered: !job.settings.streaming });
      try {
        result = await convertRecords(records(), sink.writer, job.settings);
        await sink.writer.end();
        await sink.commit();
      } catch (error) {
        await sink.abort();
        throw error;
      }
    }
    progress.stop();
    job.logger.info(job.output === undefined ? 'parsed (dry run)' : 'converted', {
      file,
      parser: result.parser,
      transactions: result.summary.entries,
      rows: result.rows,
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

/** The records of the job's input, stopping at the first error (see `stopAtFirstError`). */
export function statementRecords(job: Pick<ConvertFileJob, 'input' | 'format' | 'threads' | 'logger' | 'csv'>, onRead?: (bytes: number) => void): AsyncIterable<StatementRecord> {
  const input = job.input;
  return stopAtFirstError((onIssue) => {
    const options = { fileName: input.name, onIssue, ...job.csv, ...(job.format === undefined ? {} : { format: job.format }) };
    const read = onRead === undefined ? {} : { onRead };
    return input.kind === 'file' ? parseFile(input.path, { ...options, threads: job.threads, ...read }) : parseStream(readChunks(input, onRead), options);
  }, job.logger);
}

/**
 * Conversion stops at the first error the parser reports, except for balances that do not
 * reconcile: the entries themselves are sound, real exports sometimes carry such balances, and
 * `validate` is the place to insist. Those, and warnings, go to the log.
 */
async function* stopAtFirstError(
  parse: (onIssue: (issue: ParseIssue) => void) => AsyncIterable<StatementRecord>,
  logger: Logger,
): AsyncGenerator<StatementRecord> {
  let fatal: ParseIssue | undefined;
  const onIssue = (issue: ParseIssue): void => {
    if (issue.severity === 'error' && issue.code !== 'UNRECONCILED_BALANCE') {
      fatal ??= issue;
      return;
    }
    logger.warn(issue.message, { file: issue.location.file, code: issue.code, line: issue.location.line, column: issue.location.column });
  };
  for await (const record of parse(onIssue)) {
    if (fatal !== undefined) break;
    yield record;
  }
  if (fatal !== undefined) throw StatementParseError.fromIssue(fatal);
}
