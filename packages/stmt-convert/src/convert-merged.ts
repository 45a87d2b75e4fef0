import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StatementRow } from '@stmt/export';
import {
  accountsFileFor,
  Deduplicator,
  DropReport,
  loadOpenedAccounts,
  loadWrittenIds,
  saveOpenedAccounts,
  saveWrittenIds,
  stateFileFor,
  TransactionIdSet,
} from '@stmt/merge';
import type { StatementRecord } from '@stmt/parser';
import { conversionSettings, convertRecords, convertToCsv, type ConversionResult } from './conversion';
import { convertToLedger, LEDGER_EXTENSIONS } from './convert-ledger';
import { statementRecords, type ConvertFileJob } from './convert-file';
import { ConvertError } from './errors';
import { silentLogger } from './hooks';
import { folderFileError, type InputTarget } from './input';
import { refuseOverwritingInput } from './output';
import { isRecognisedStatement, listFolder } from './statement-files';

export interface MergeOptions {
  /** A CSV file or `-`; undefined for a dry run. */
  output: string | undefined;
  /** `--since-last`: leave out what earlier runs wrote to this output, and remember what this one writes. */
  sinceLast: boolean;
  /** The output the state file sits beside (also given in a dry run). */
  stateFor: string | undefined;
}

export interface MergeResult extends ConversionResult {
  files: string[];
  skipped: string[];
  report: DropReport;
  stateFile: string | undefined;
}

/**
 * `--merge` / `--since-last`: every recognised statement of the input (a folder, in name order, or
 * one file) into one CSV, each booking once. Rows are told apart by their `transaction_id`; the
 * memory that grows is the id set (8 bytes per booking), so with `--streaming` a gigabyte of
 * overlapping statements merges in bounded memory. A bad file fails the whole merge and leaves
 * no output, because a merged file without it would silently miss bookings.
 */
export async function convertMerged(
  input: InputTarget,
  job: Omit<ConvertFileJob, 'input' | 'output'>,
  options: MergeOptions,
): Promise<MergeResult> {
  const { files, skipped } = await mergeInputs(input, job);
  if (
    options.output !== undefined &&
    options.output !== '' &&
    (await stat(options.output).catch(() => undefined))?.isDirectory() === true
  ) {
    throw new ConvertError(
      'USAGE',
      `--merge writes one ${job.ledger === undefined ? 'CSV file' : 'journal'}, but --output ${options.output} is a folder; name a file such as ${join(options.output, job.ledger === undefined ? 'merged.csv' : `merged${LEDGER_EXTENSIONS[job.ledger.format]}`)}.`,
    );
  }
  const stateFile = options.sinceLast ? await sinceLastState(options.stateFor) : undefined;
  // After a first --since-last run (its state file is there, even when it wrote no row) the books
  // hold the opening balances already.
  const laterRun = stateFile !== undefined && (await stat(stateFile).catch(() => undefined)) !== undefined;
  const earlier =
    stateFile === undefined
      ? undefined
      : await loadWrittenIds(stateFile).catch((error: unknown) => {
          throw new ConvertError('INPUT_UNREADABLE', (error as Error).message, { cause: error });
        });
  const report = new DropReport();
  const dedup = new Deduplicator<StatementRow>({
    ...(earlier === undefined ? {} : { earlier }),
    onDrop: (row, reason) => report.add({ reason, transactionId: row.transaction_id, description: describeRow(row) }),
  });
  const settings = conversionSettings({ ...job.settings, dedup });
  const logger = job.logger ?? silentLogger;
  const records = (): AsyncIterable<StatementRecord> =>
    chain(files.map((file) => () => statementRecords({ ...job, input: file })));
  let result: ConversionResult;
  try {
    if (options.output === undefined) {
      result = await convertRecords(records(), undefined, settings);
    } else {
      for (const file of files) await refuseOverwritingInput(file.path, options.output);
      // Beancount refuses a second `open` of an account: remember which ones earlier runs opened.
      const accountsFile =
        stateFile !== undefined && job.ledger?.format === 'beancount' && options.output !== '-'
          ? accountsFileFor(options.output)
          : undefined;
      const opened =
        accountsFile === undefined
          ? undefined
          : await loadOpenedAccounts(accountsFile).catch((error: unknown) => {
              throw new ConvertError('INPUT_UNREADABLE', (error as Error).message, { cause: error });
            });
      if (job.ledger === undefined)
        result = await convertToCsv(records(), options.output, job.delimiter ?? ',', settings);
      else
        result = await convertToLedger(
          records(),
          options.output,
          { ...job.ledger, ...(laterRun ? { openings: false } : {}), ...(opened === undefined ? {} : { opened }) },
          settings,
          logger,
        );
      if (accountsFile !== undefined && opened !== undefined) {
        await saveOpenedAccounts(accountsFile, opened).catch((error: unknown) => {
          throw new ConvertError(
            'OUTPUT_FAILED',
            `${(error as Error).message}. The output was written; the next --since-last run may open its accounts again.`,
            { cause: error },
          );
        });
      }
      if (stateFile !== undefined) {
        await saveWrittenIds(stateFile, (earlier ?? new TransactionIdSet()).addAll(dedup.written)).catch(
          (error: unknown) => {
            throw new ConvertError(
              'OUTPUT_FAILED',
              `${(error as Error).message}. The output was written; the next --since-last run will write its rows again.`,
              { cause: error },
            );
          },
        );
      }
    }
  } catch (error) {
    for (const file of files) job.onFileDone?.(file.name, 'failure');
    throw error;
  }
  for (const file of files) job.onFileDone?.(file.name, 'success');
  logger.info(options.output === undefined ? 'merged (dry run)' : 'merged', {
    files: files.length,
    rows: result.rows,
    dropped: report.total,
    ...(options.output === undefined ? {} : { output: options.output }),
  });
  return { ...result, files: files.map((file) => file.name), skipped, report, stateFile };
}

type FileInput = Extract<InputTarget, { kind: 'file' }>;

async function mergeInputs(
  input: InputTarget,
  job: Omit<ConvertFileJob, 'input' | 'output'>,
): Promise<{ files: FileInput[]; skipped: string[] }> {
  if (input.kind === 'stdin')
    throw new ConvertError(
      'USAGE',
      '--merge and --since-last read files: give a statement file or a folder of statements as --input.',
    );
  if (input.kind === 'file') return { files: [input], skipped: [] };
  const files: FileInput[] = [];
  const skipped: string[] = [];
  for (const name of await listFolder(input.path)) {
    const path = join(input.path, name);
    if (!(await isRecognisedStatement(path, job.format, job.csv))) {
      skipped.push(path);
      job.logger?.warn('skipped: not a recognised statement format', { file: path });
      continue;
    }
    const size = await stat(path).then(
      (info) => info.size,
      (error: unknown) => {
        throw folderFileError(path, error);
      },
    );
    files.push({ kind: 'file', name: path, path, size });
  }
  return { files, skipped };
}

async function sinceLastState(output: string | undefined): Promise<string> {
  if (output === undefined || output === '-') {
    throw new ConvertError(
      'USAGE',
      '--since-last remembers what it wrote beside the output file: give --output a file path (a CSV or journal file; also with --dry-run).',
    );
  }
  // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written through, and its state
  // file would land in `/dev` or beside a pipe that forgets what it was given.
  const kind = await stat(output).then(describeSpecialFile, () => undefined);
  if (kind !== undefined) {
    throw new ConvertError(
      'USAGE',
      `--since-last remembers what it wrote beside the output file, but ${output} is ${kind}: give --output a file path (a CSV or journal file).`,
    );
  }
  return stateFileFor(output);
}

/** What an existing output is when it is neither a regular file nor a folder (which is refused elsewhere). */
function describeSpecialFile(info: Stats): string | undefined {
  if (info.isFile() || info.isDirectory()) return undefined;
  if (info.isFIFO()) return 'a pipe';
  if (info.isSocket()) return 'a socket';
  return 'a device';
}

/** The records of several files one after the other; each file is opened only when the previous one is done. */
async function* chain(sources: (() => AsyncIterable<StatementRecord>)[]): AsyncGenerator<StatementRecord> {
  for (const source of sources) yield* source();
}

function describeRow(row: StatementRow): string {
  const party = row.counterparty_name === '' ? '' : ` ${row.counterparty_name}`;
  return `${row.booking_date || row.value_date} ${row.amount} ${row.currency}${party} (statement ${row.statement_id}, ${row.status})`;
}
