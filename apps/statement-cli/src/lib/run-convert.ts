import { stat } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { getPreset, resolveDelimiter } from '@stmt/export';
import { LEDGER_FORMATS, type LedgerFormatName } from '@stmt/ledger';
import type { Categorizer } from '@stmt/categorizer';
import {
  CategoryTally,
  categorizingEnricher,
  convertDirectory,
  convertFile,
  convertMerged,
  leaveRowsAsTheyAre,
  LEDGER_EXTENSIONS,
  resolveInput,
  type ConversionResult,
  type InputTarget,
} from '@stmt/convert';
import type { StatementFormat } from '@stmt/parser';
import { audit, type AuditOperation } from './audit';
import { CliError } from './cli-error';
import { parseSize } from './size';
import type { LoadedConfig } from './config/load';
import { profilesAndLedger } from './conversion-inputs';
import { checkProfileName } from './csv-profiles';
import { loadAiCategorizer } from './config/ai-categorizer';
import { userDatabaseDir } from './database';
import { describeDirectoryFailures, directoryExitCode, type DescribedDirectoryReport } from './directory-report';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import { isNamedPipe, readableInput, readOptions } from './read-options';
import { readingThreads } from './threads';
import { restartForFieldSize } from '../launch/heap-relaunch';
import type { Logger } from './logger';
import { createProgress } from './progress';
import type * as SaveMappings from './save-mappings';
import { formatMergeSummary, formatSummary, formatTally } from './summary-text';

export interface ConvertRequest {
  input: string;
  output: string | undefined;
  streaming: boolean;
  dryRun: boolean;
  /** Dry-run summary as JSON instead of text. */
  json?: boolean;
  splitBatches: boolean;
  /** Fill the `category` column (mapping → rules → classifier → AI when enabled → Uncategorized). */
  categorize: boolean;
  /** `--database DIR`: wins over `database.dir` and the per-user folder. */
  database?: string | undefined;
  /** `--save-mappings`, and `--yes` to save without asking. */
  saveMappings?: boolean;
  yes?: boolean;
  /** `--mappings-review FILE`: write the learned mappings there as editable YAML. */
  mappingsReview?: string | undefined;
  from: StatementFormat | undefined;
  /** `--threads`: worker threads for large camt files; undefined picks one per core but one (see `readingThreads`). */
  threads?: number | undefined;
  allowedFormats?: readonly StatementFormat[];
  operation: AuditOperation;
  /** `--strict` / `--no-strict`; undefined leaves it to `input.strict`. */
  strict?: boolean | undefined;
  /** `--encoding` and `--max-field-size`, before the configuration fills them in. */
  encoding?: string | undefined;
  maxFieldSize?: string | undefined;
  /** `--max-entry-details`. */
  maxEntryDetails?: number | undefined;
  /** `--merge` and `--since-last`: one CSV, each booking once. */
  merge?: boolean;
  sinceLast?: boolean;
  /** `--profile NAME`: the CSV profile for bank CSV input. */
  profile?: string | undefined;
  /** `--to` and `--accounts`: a journal instead of a CSV. */
  to?: string | undefined;
  accounts?: string | undefined;
}

/** The flag values `convert` and `camt` share (`conversionFlags` plus input and output). */
export interface ConversionFlagValues {
  input: string;
  output?: string | undefined;
  streaming: boolean;
  'dry-run': boolean;
  json: boolean;
  'split-batches': boolean;
  categorize: boolean;
  database?: string | undefined;
  'save-mappings': boolean;
  yes: boolean;
  'mappings-review'?: string | undefined;
  threads?: number | undefined;
  strict?: boolean | undefined;
  encoding?: string | undefined;
  'max-field-size'?: string | undefined;
  'max-entry-details'?: number | undefined;
  merge?: boolean;
  'since-last'?: boolean;
  profile?: string | undefined;
  to?: string | undefined;
  accounts?: string | undefined;
}

/** Maps the shared flags to a request; the command adds what is its own. */
export function conversionRequest(
  flags: ConversionFlagValues,
  own: Pick<ConvertRequest, 'from' | 'operation'> & Partial<Pick<ConvertRequest, 'allowedFormats'>>,
): ConvertRequest {
  return {
    input: flags.input,
    output: flags.output,
    streaming: flags.streaming,
    dryRun: flags['dry-run'],
    json: flags.json,
    splitBatches: flags['split-batches'],
    categorize: flags.categorize,
    database: flags.database,
    saveMappings: flags['save-mappings'],
    yes: flags.yes,
    mappingsReview: flags['mappings-review'],
    threads: flags.threads,
    strict: flags.strict,
    encoding: flags.encoding,
    maxFieldSize: flags['max-field-size'],
    maxEntryDetails: flags['max-entry-details'],
    merge: flags.merge === true,
    sinceLast: flags['since-last'] === true,
    profile: flags.profile,
    to: flags.to,
    accounts: flags.accounts,
    ...own,
  };
}

export interface ConsoleOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** What `convert` and `camt` share: one file, stdin, or a folder; returns the exit code. */
export async function runConvert(
  request: ConvertRequest,
  loaded: LoadedConfig,
  logger: Logger,
  out: ConsoleOutput,
): Promise<ExitCodeValue> {
  const learning = request.saveMappings === true || request.mappingsReview !== undefined;
  if (learning && !request.categorize) {
    throw new CliError('USAGE', '--save-mappings and --mappings-review need categorisation; drop --no-categorize.');
  }
  if (request.accounts !== undefined && (request.to === undefined || request.to === 'csv')) {
    throw new CliError(
      'USAGE',
      `--accounts maps categories and statement accounts to journal accounts; it needs --to ${LEDGER_FORMATS.join('|')} (a CSV has no accounts).`,
    );
  }
  refuseEmptyPaths(request);
  // With one row per transaction detail, an entry's details stream out in parts: any number of them in bounded memory.
  const read = {
    ...readOptions(request, loaded.config),
    ...(request.splitBatches ? { streamEntryDetails: true } : {}),
  };
  // Before anything is read or written: the launcher starts the run again with a heap large enough for such values.
  if (await restartForFieldSize(request.streaming, read.maxFieldSize)) process.exit(0);
  const databaseDir = userDatabaseDir(loaded.config, request.database);
  // Before the categoriser loads: a mistyped --profile is a usage error, found without waiting for it.
  const profiles = await profilesAndLedger(request, databaseDir);
  checkProfileName(request.profile, profiles.csv.csvProfiles ?? [], databaseDir);
  const categorizer: Categorizer | undefined = request.categorize
    ? await loadAiCategorizer(loaded.config, logger, databaseDir, 'convert')
    : undefined;
  const tally = new CategoryTally();
  const settings = {
    splitBatches: request.splitBatches,
    streaming: request.streaming,
    preset: getPreset(loaded.config.csv.preset, { formulaGuard: loaded.config.csv.formula_guard }),
    enrich: categorizer === undefined ? leaveRowsAsTheyAre : categorizingEnricher(categorizer, tally),
    ...(request.allowedFormats === undefined ? {} : { allowedFormats: request.allowedFormats }),
    ...sortMemory(process.env),
  };
  const strict = request.strict ?? loaded.config.input.strict;
  const onFileDone = (file: string, outcome: 'success' | 'failure'): void =>
    audit(logger, request.operation, file, outcome);
  const job = {
    strict,
    read,
    format: request.from,
    ...profiles,
    threads: request.threads ?? readingThreads(request.streaming),
    delimiter: resolveDelimiter(loaded.config.csv.delimiter),
    settings,
    logger,
    onFileDone,
    progress: createProgress,
  };
  const resolved = await resolveInput(request.input);
  if ((request.merge === true || request.sinceLast === true) && (await isNamedPipe(resolved)))
    throw new CliError(
      'USAGE',
      `--merge and --since-last read each statement file twice, and ${request.input} is a named pipe, which can be read once: save it to a file first, or convert without --merge.`,
    );
  const input = await readableInput(resolved);
  await refuseFolderOutput(request, input);

  let exitCode: ExitCodeValue = ExitCode.SUCCESS;
  if (request.merge === true || request.sinceLast === true) {
    const merged = await convertMerged(input, job, {
      output: request.dryRun ? undefined : request.output,
      sinceLast: request.sinceLast === true,
      stateFor: request.output,
    });
    // With the CSV on standard output, the summary goes to standard error.
    (request.output === '-' && !request.dryRun ? out.stderr : out.stdout)(
      formatMergeSummary(merged, request.dryRun, request.json === true, request.output),
    );
  } else if (input.kind === 'directory') {
    const report = describeDirectoryFailures(
      await convertDirectory(input.path, request.output, job, request.dryRun),
      logger,
    );
    exitCode = directoryExitCode(report);
    if (request.json === true) {
      out.stdout(JSON.stringify(directoryJson(report, input.path, request, tally, exitCode)));
    } else {
      out.stdout(
        `${request.dryRun ? 'Parsed' : 'Converted'} ${report.converted.length} file(s)` +
          `${report.skipped.length > 0 ? `, skipped ${report.skipped.length} unrecognised` : ''}` +
          `${report.failed.length > 0 ? `, ${report.failed.length} failed:` : '.'}`,
      );
      for (const failure of report.failed) out.stdout(`  ${failure.input}: ${failure.message}`);
      if (request.dryRun && !tally.empty) out.stdout(formatTally(tally));
    }
  } else {
    const result = await convertFile({ ...job, input, output: request.dryRun ? undefined : request.output });
    if (request.dryRun) {
      const counts = tally.empty ? {} : tally.toJSON();
      out.stdout(
        request.json === true
          ? JSON.stringify({
              file: input.name,
              parser: result.parser,
              rows: result.rows,
              ...result.summary.toJSON(),
              ...counts,
              ...issuesJson(result),
            })
          : formatSummary(input.name, result, tally),
      );
    } else if (request.json === true) {
      out.stdout(
        JSON.stringify({
          file: input.name,
          output: request.output,
          parser: result.parser,
          rows: result.rows,
          ...result.summary.toJSON(),
          ...issuesJson(result),
        }),
      );
    }
  }

  if (!learning || categorizer === undefined) return exitCode;
  if (exitCode !== ExitCode.SUCCESS) {
    out.stderr('Learned mappings not saved: the conversion did not succeed.');
    return exitCode;
  }
  // Loaded only here: a conversion that learns nothing never loads the YAML editing and checking behind it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
  const { reviewAndSaveMappings, writeReviewFile } = require('./save-mappings') as typeof SaveMappings;
  if (request.mappingsReview !== undefined)
    await writeReviewFile(categorizer, request.mappingsReview, input.name, out.stderr);
  if (request.saveMappings === true) {
    await reviewAndSaveMappings(
      categorizer,
      {
        targetDir: databaseDir,
        yes: request.yes === true,
        dryRun: request.dryRun,
        // A named pipe as input is read like standard input, but leaves standard input to the prompt.
        stdinConsumed: request.input === '-',
      },
      out.stderr,
    );
  }
  return exitCode;
}

/**
 * An empty path (`-o ""`, often an unset shell variable) names no file: a usage error, before any
 * work, rather than a failed rename at the end.
 */
function refuseEmptyPaths(request: ConvertRequest): void {
  const paths: [string, string | undefined][] = [
    ['--input', request.input],
    ['--output', request.output],
    ['--mappings-review', request.mappingsReview],
    ['--accounts', request.accounts],
    ['--database', request.database],
  ];
  for (const [flag, value] of paths) {
    if (value !== undefined && value.trim() === '')
      throw new CliError(
        'USAGE',
        `${flag} is empty: give a path${flag === '--input' || flag === '--output' ? ', or `-` for standard ' + (flag === '--input' ? 'input' : 'output') : ''} (is a shell variable unset?).`,
      );
  }
}

/**
 * One statement file (or standard input) is written to one file: an existing folder as --output is
 * a usage error saying so, found before the conversion rather than when the finished file cannot be
 * renamed onto the folder. (A folder is the output of a folder input; --merge says so itself.)
 */
async function refuseFolderOutput(request: ConvertRequest, input: InputTarget): Promise<void> {
  const { output } = request;
  if (output === undefined || output === '-' || request.dryRun || input.kind === 'directory') return;
  if (request.merge === true || request.sinceLast === true) return;
  const info = await stat(output).catch(() => undefined);
  if (info?.isDirectory() !== true) return;
  const extension =
    request.to === undefined || request.to === 'csv' ? '.csv' : LEDGER_EXTENSIONS[request.to as LedgerFormatName];
  const suggestion = join(output, `${request.input === '-' ? 'statement' : parse(input.name).name}${extension}`);
  throw new CliError(
    'USAGE',
    `--output ${output} is a folder, but one statement is written to one file: name a file such as ${suggestion}. (A folder is the output of a folder --input.)`,
  );
}

/** `--json` for a folder: each file's outcome in folder order, the exit code, and in a dry run the categories. */
function directoryJson(
  report: DescribedDirectoryReport,
  folder: string,
  request: ConvertRequest,
  tally: CategoryTally,
  exitCode: ExitCodeValue,
): Record<string, unknown> {
  return {
    folder,
    ...(request.dryRun ? { dry_run: true } : { output: request.output }),
    exit_code: exitCode,
    converted: report.converted.map(({ input, output, entries }) => ({
      file: input,
      ...(request.dryRun ? {} : { output }),
      entries,
    })),
    skipped: report.skipped,
    failed: report.failed.map(({ input, message, exitCode: code }) => ({ file: input, message, exit_code: code })),
    ...(request.dryRun && !tally.empty ? tally.toJSON() : {}),
  };
}

/** Warnings and notes for `--dry-run --json`: severity, code, message and place (file, line, column, element). */
function issuesJson(result: ConversionResult): { warnings: number; notes: number; issues: Record<string, unknown>[] } {
  const issues = result.issues ?? { reported: [], warnings: 0, notes: 0 };
  return {
    warnings: issues.warnings,
    notes: issues.notes,
    issues: issues.reported.map(({ severity, code, message, location }) => ({
      severity,
      code,
      message,
      file: location.file,
      line: location.line,
      column: location.column,
      ...(location.path === undefined ? {} : { element: location.path }),
    })),
  };
}

/** `STMT_SORT_MEMORY` (a size such as 64MiB): what a sorted conversion holds in memory before it writes runs. */
function sortMemory(env: NodeJS.ProcessEnv): { sortMemoryBytes?: number } {
  const value = env['STMT_SORT_MEMORY'];
  return value === undefined || value === '' ? {} : { sortMemoryBytes: parseSize(value, 'STMT_SORT_MEMORY') };
}
