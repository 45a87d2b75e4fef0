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
  for (const name of names) {
    const path = join(inputDir, name);
    try {
      if (!(await isRecognisedStatement(path, job.format, job.csv))) {
        report.skipped.push(path);
        job.logger.warn('skipped: not a recognised statement format', { file: path });
        continue;
      }
      const size = (await stat(path)).size;
      const output = dryRun || outputDir === undefined ? undefined : join(outputDir, outputName(name, taken, job.ledger === undefined ? '.csv' : LEDGER_EXTENSIONS[job.ledger.format]));
      const result = await convertFile({ ...job, input: { kind: 'file', name: path, path, size }, output });
      report.converted.push({ input: path, output: output ?? '', entries: result.summary.entries });
    } catch (error) {
      const described = describeError(error, path);
      job.logger.error(described.message, { file: path, ...described.fields });
      report.failed.push({ input: path, message: described.message, exitCode: described.exitCode });
    }
  }
  return report;
}

/** 0 when every recognised file converted; 4 when a statement failed to parse, else the first failure's code. */
export function directoryExitCode(report: DirectoryReport): ExitCodeValue {
  if (report.failed.length === 0) return ExitCode.SUCCESS;
  if (report.failed.some((failure) => failure.exitCode === ExitCode.PARSE)) return ExitCode.PARSE;
  return report.failed[0]?.exitCode ?? ExitCode.PARSE;
}
