import { getPreset, resolveDelimiter } from '@stmt/export';
import type { StatementFormat } from '@stmt/parser';
import type { AuditOperation } from './audit';
import type { LoadedConfig } from './config/load';
import { convertDirectory, directoryExitCode } from './convert-directory';
import { convertFile } from './convert-file';
import { categorizingEnricher, loadCategorizer } from './categorize-rows';
import { leaveRowsAsTheyAre } from './enrich';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import { resolveInput } from './input';
import type { Logger } from './logger';
import { formatSummary } from './summary-text';

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
  from: StatementFormat | undefined;
  allowedFormats?: readonly StatementFormat[];
  operation: AuditOperation;
}

/** What `convert` and `camt` share: one file, stdin, or a folder; returns the exit code. */
export async function runConvert(
  request: ConvertRequest,
  loaded: LoadedConfig,
  logger: Logger,
  stdout: (text: string) => void,
): Promise<ExitCodeValue> {
  const preset = getPreset(loaded.config.csv.preset);
  const delimiter = resolveDelimiter(loaded.config.csv.delimiter);
  const settings = {
    splitBatches: request.splitBatches,
    streaming: request.streaming,
    preset,
    enrich: request.categorize ? categorizingEnricher(await loadCategorizer(loaded.config, logger)) : leaveRowsAsTheyAre,
    ...(request.allowedFormats === undefined ? {} : { allowedFormats: request.allowedFormats }),
  };
  const job = { format: request.from, delimiter, settings, logger, operation: request.operation };
  const input = await resolveInput(request.input);

  if (input.kind === 'directory') {
    const report = await convertDirectory(input.path, request.output, job, request.dryRun);
    stdout(
      `${request.dryRun ? 'Parsed' : 'Converted'} ${report.converted.length} file(s)` +
        `${report.skipped.length > 0 ? `, skipped ${report.skipped.length} unrecognised` : ''}` +
        `${report.failed.length > 0 ? `, ${report.failed.length} failed:` : '.'}`,
    );
    for (const failure of report.failed) stdout(`  ${failure.input}: ${failure.message}`);
    return directoryExitCode(report);
  }

  const result = await convertFile({ ...job, input, output: request.dryRun ? undefined : request.output });
  if (request.dryRun) {
    stdout(request.json === true ? JSON.stringify({ file: input.name, parser: result.parser, rows: result.rows, ...result.summary.toJSON() }) : formatSummary(input.name, result));
  }
  return ExitCode.SUCCESS;
}
