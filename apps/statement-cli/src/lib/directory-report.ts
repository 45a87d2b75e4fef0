import type { DirectoryReport } from '@stmt/convert';
import { describeError } from './describe-error';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import type { Logger } from './logger';

/** A folder conversion's report with each failure told as the user reads it: message and exit code. */
export interface DescribedDirectoryReport extends Omit<DirectoryReport, 'failed'> {
  failed: { input: string; message: string; exitCode: ExitCodeValue }[];
}

/** Describes (and logs, in folder order) each file that failed. */
export function describeDirectoryFailures(report: DirectoryReport, logger: Logger): DescribedDirectoryReport {
  const failed = report.failed.map(({ input, error }) => {
    const described = describeError(error, input);
    logger.error(described.message, { file: input, ...described.fields });
    return { input, message: described.message, exitCode: described.exitCode };
  });
  return { ...report, failed };
}

/** 0 when every recognised file converted; 4 when a statement failed to parse, else the first failure's code. */
export function directoryExitCode(report: DescribedDirectoryReport): ExitCodeValue {
  if (report.failed.length === 0) return ExitCode.SUCCESS;
  if (report.failed.some((failure) => failure.exitCode === ExitCode.PARSE)) return ExitCode.PARSE;
  return report.failed[0]?.exitCode ?? ExitCode.PARSE;
}
