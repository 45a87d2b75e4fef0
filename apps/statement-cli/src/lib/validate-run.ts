import { join } from 'node:path';
import type { StatementFormat } from '@stmt/parser';
import { audit } from './audit';
import { describeError } from './describe-error';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import type { InputTarget } from './input';
import type { Logger } from './logger';
import type { ReadOptions } from './read-options';
import type { CsvProfileOptions } from './statement-files';

/** How `validate` reads: as `convert` does, bank-CSV profiles included. */
type ValidateRead = ReadOptions & CsvProfileOptions;
import { isRecognisedStatement, listFolder } from './statement-files';
import { formatIssue, validateFile } from './validate-file';

type Print = (text: string) => void;

/** Validates one file or stdin: every problem, then the verdict line. True when it has no error. */
export async function validateOne(input: Extract<InputTarget, { kind: 'file' | 'stdin' }>, format: StatementFormat | undefined, logger: Logger, print: Print, read: ValidateRead = {}, strict = false): Promise<boolean> {
  const report = await validateFile(input, format, read, strict);
  for (const issue of report.issues) print(formatIssue(report.file, issue));
  const errors = report.issues.filter((issue) => issue.severity === 'error').length;
  const warnings = report.issues.filter((issue) => issue.severity === 'warning').length;
  const notes = report.issues.length - errors - warnings;
  const more = `${warnings > 0 ? `, ${warnings} warning(s)` : ''}${notes > 0 ? `, ${notes} note(s)` : ''}`;
  audit(logger, 'validate', report.file, errors === 0 ? 'success' : 'failure');
  if (errors === 0 && report.statements === 0) {
    print(`${report.file}: no statement in this ${report.format === 'unknown' ? '' : `${report.format} `}file${more.replace(/^, /, ' (')}${more === '' ? '' : ')'}`);
    return true;
  }
  if (errors === 0) {
    print(`${report.file}: valid ${report.format} (${report.statements} statement(s), ${report.entries} entries${more})`);
    return true;
  }
  print(`${report.file}: ${errors} error(s), ${warnings} warning(s)${notes > 0 ? `, ${notes} note(s)` : ''}`);
  logger.error(`parse error: ${report.file} is not valid (${errors} error(s))`, { file: report.file, parser: report.format });
  return false;
}

/**
 * Every recognised statement of a folder (not recursive, like `convert`), each reported as
 * `validate FILE` would, then a tally. One bad file does not stop the others; exit 4 if any failed.
 */
export async function validateFolder(dir: string, format: StatementFormat | undefined, logger: Logger, print: Print, read: ValidateRead = {}, strict = false): Promise<ExitCodeValue> {
  let valid = 0;
  const invalid: string[] = [];
  let skipped = 0;
  for (const name of await listFolder(dir)) {
    const path = join(dir, name);
    try {
      if (!(await isRecognisedStatement(path, format, read))) {
        skipped += 1;
        logger.warn('skipped: not a recognised statement format', { file: path });
        continue;
      }
      const input = { kind: 'file' as const, name: path, path, size: 0 };
      if (await validateOne(input, format, logger, print, read, strict)) valid += 1;
      else invalid.push(path);
    } catch (error) {
      const described = describeError(error, path);
      print(`${path}: ${described.message}`);
      invalid.push(path);
    }
  }
  const total = valid + invalid.length;
  print(
    `Validated ${total} file(s) in ${dir}: ${valid} valid, ${invalid.length} invalid` +
      `${skipped > 0 ? `, ${skipped} skipped (not a statement)` : ''}${invalid.length > 0 ? ` — ${invalid.join(', ')}` : ''}.`,
  );
  return invalid.length > 0 ? ExitCode.PARSE : ExitCode.SUCCESS;
}
