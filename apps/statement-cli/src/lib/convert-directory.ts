import { mkdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { CliError } from './cli-error';
import { convertFile, type ConvertFileJob } from './convert-file';
import { LEDGER_EXTENSIONS } from './convert-ledger';
import { describeError } from './describe-error';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import { isRecognisedStatement, listFolder } from './statement-files';

export interface DirectoryReport {
  converted: { input: string; output: string; entries: number }[];
  failed: { input: string; message: string; exitCode: ExitCodeValue }[];
  skipped: string[];
}

/** `a.xml` → `a.csv`; a second `a.*` in the same folder keeps its extension: `a.sta.csv`. */
function outputName(file: string, taken: Set<string>, extension = '.csv'): string {
  const stem = basename(file, extname(file));
  const name = taken.has(`${stem}${extension}`) ? `${file}${extension}` : `${stem}${extension}`;
  taken.add(name);
  return name;
}

/**
 * Small files convert a few at a time: most of a small file's cost is the fsync that makes its
 * output durable before the rename, and the disk completes concurrent fsyncs together (about
 * 10 ms a file one at a time, under 1 ms a file four at a time, on the development machine).
 * A larger file converts alone, so memory stays that of one conversion.
 */
const PARALLEL_SMALL_FILES = 4;
const SMALL_FILE_BYTES = 2 ** 20;

/**
 * Converts every recognised statement in a folder (not recursive; hidden files skipped) into
 * `outputDir/<name>.csv`. A bad file is reported and the rest still converted.
 */
export async function convertDirectory(
  inputDir: string,
  outputDir: string | undefined,
  job: Omit<ConvertFileJob, 'input' | 'output'>,
  dryRun: boolean,
): Promise<DirectoryReport> {
  if (!dryRun) {
    if (outputDir === undefined || outputDir === '-') {
      throw new CliError('USAGE', `Input ${inputDir} is a folder: give --output a folder for the CSV files.`);
    }
    const existing = await stat(outputDir).catch(() => undefined);
    if (existing !== undefined && !existing.isDirectory()) {
      throw new CliError('USAGE', `Input ${inputDir} is a folder, so --output must be a folder too, but ${outputDir} is a file.`);
    }
    await mkdir(outputDir, { recursive: true }).catch((error: unknown) => {
      throw new CliError('OUTPUT_FAILED', `Cannot create output folder ${outputDir}: ${(error as Error).message}.`, { cause: error });
    });
  }
  const report: DirectoryReport = { converted: [], failed: [], skipped: [] };
  const names = await listFolder(inputDir);
  const taken = new Set<string>();
  // One outcome per file, filled as conversions finish, reported in folder order.
  const outcomes: ((report: DirectoryReport) => void)[] = [];
  const failure = (path: string, error: unknown) => (): void => {
    const described = describeError(error, path);
    job.logger.error(described.message, { file: path, ...described.fields });
    report.failed.push({ input: path, message: described.message, exitCode: described.exitCode });
  };
  const running = new Set<Promise<void>>();
  for (const name of names) {
    const path = join(inputDir, name);
    const slot = outcomes.length;
    outcomes.push(() => undefined);
    let size: number;
    let output: string | undefined;
    try {
      if (!(await isRecognisedStatement(path, job.format, job.csv))) {
        outcomes[slot] = () => {
          report.skipped.push(path);
          job.logger.warn('skipped: not a recognised statement format', { file: path });
        };
        continue;
      }
      size = (await stat(path)).size;
      output = dryRun || outputDir === undefined ? undefined : join(outputDir, outputName(name, taken, job.ledger === undefined ? '.csv' : LEDGER_EXTENSIONS[job.ledger.format]));
    } catch (error) {
      outcomes[slot] = failure(path, error);
      continue;
    }
    const alone = size >= SMALL_FILE_BYTES;
    while (running.size >= (alone ? 1 : PARALLEL_SMALL_FILES)) await Promise.race(running);
    const task = convertFile({ ...job, input: { kind: 'file', name: path, path, size }, output }).then(
      (result) => void (outcomes[slot] = () => void report.converted.push({ input: path, output: output ?? '', entries: result.summary.entries })),
      (error: unknown) => void (outcomes[slot] = failure(path, error)),
    );
    const tracked: Promise<void> = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (alone) await tracked;
  }
  await Promise.all(running);
  for (const outcome of outcomes) outcome(report);
  return report;
}

/** 0 when every recognised file converted; 4 when a statement failed to parse, else the first failure's code. */
export function directoryExitCode(report: DirectoryReport): ExitCodeValue {
  if (report.failed.length === 0) return ExitCode.SUCCESS;
  if (report.failed.some((failure) => failure.exitCode === ExitCode.PARSE)) return ExitCode.PARSE;
  return report.failed[0]?.exitCode ?? ExitCode.PARSE;
}
