import { join } from 'node:path';
import type { StatementFormat } from '@stmt/parser';
import { audit } from './audit';
import { describeError } from './describe-error';
import { ExitCode, type ExitCodeValue } from './exit-codes';
import type { Logger } from './logger';
import type { CsvProfileOptions, InputTarget, ReadOptions } from '@stmt/convert';

/** How `validate` reads: as `convert` does, bank-CSV profiles included. */
type ValidateRead = ReadOptions & CsvProfileOptions;
import { isRecognisedStatement, listFolder, MAX_REPORTED_ISSUES } from '@stmt/convert';
import { formatIssue, validateFile } from './validate-file';
import {
  fileValidationJson,
  unreadableFileJson,
  type FileValidationJson,
  type FolderValidationJson,
} from './validate-json';

type Print = (text: string) => void;

/** Validates one file or stdin: prints every problem, then the verdict line; answers the result `--json` prints. */
export async function validateOne(
  input: Extract<InputTarget, { kind: 'file' | 'stdin' }>,
  format: StatementFormat | undefined,
  logger: Logger,
  print: Print,
  read: ValidateRead = {},
  strict = false,
): Promise<FileValidationJson> {
  const report = await validateFile(input, format, read, strict);
  for (const issue of report.issues) print(formatIssue(report.file, issue));
  for (const { severity, code, count } of report.omitted)
    print(`${report.file}: ${count} more ${severity}(s) ${code} not listed, after the first ${MAX_REPORTED_ISSUES}`);
  const result = fileValidationJson(report);
  const { errors, warnings, notes } = result;
  const more = `${warnings > 0 ? `, ${warnings} warning(s)` : ''}${notes > 0 ? `, ${notes} note(s)` : ''}`;
  audit(logger, 'validate', report.file, errors === 0 ? 'success' : 'failure');
  if (errors === 0 && report.statements === 0) {
    print(
      `${report.file}: no statement in this ${report.format === 'unknown' ? '' : `${report.format} `}file${more.replace(/^, /, ' (')}${more === '' ? '' : ')'}`,
    );
    return result;
  }
  if (errors === 0) {
    print(
      `${report.file}: valid ${report.format} (${report.statements} statement(s), ${report.entries} entries${more})`,
    );
    return result;
  }
  print(`${report.file}: ${errors} error(s), ${warnings} warning(s)${notes > 0 ? `, ${notes} note(s)` : ''}`);
  logger.error(`parse error: ${report.file} is not valid (${errors} error(s))`, {
    file: report.file,
    parser: report.format,
  });
  return result;
}

/**
 * Every recognised statement of a folder (not recursive, like `convert`), each reported as
 * `validate FILE` would, then a tally. One bad file does not stop the others; exit 4 if any failed.
 */
export async function validateFolder(
  dir: string,
  format: StatementFormat | undefined,
  logger: Logger,
  print: Print,
  read: ValidateRead = {},
  strict = false,
): Promise<{ exitCode: ExitCodeValue; result: FolderValidationJson }> {
  const files: FileValidationJson[] = [];
  const skipped: string[] = [];
  for (const name of await listFolder(dir)) {
    const path = join(dir, name);
    try {
      if (!(await isRecognisedStatement(path, format, read))) {
        skipped.push(path);
        logger.warn('skipped: not a recognised statement format', { file: path });
        continue;
      }
      const input = { kind: 'file' as const, name: path, path, size: 0 };
      files.push(await validateOne(input, format, logger, print, read, strict));
    } catch (error) {
      const described = describeError(error, path);
      print(`${path}: ${described.message}`);
      files.push(unreadableFileJson(path, described));
    }
  }
  const invalid = files.filter((file) => !file.valid).map((file) => file.file);
  print(
    `Validated ${files.length} file(s) in ${dir}: ${files.length - invalid.length} valid, ${invalid.length} invalid` +
      `${skipped.length > 0 ? `, ${skipped.length} skipped (not a statement)` : ''}${invalid.length > 0 ? ` — ${invalid.join(', ')}` : ''}.`,
  );
  const result = { folder: dir, valid: invalid.length === 0, files, skipped };
  return { exitCode: invalid.length > 0 ? ExitCode.PARSE : ExitCode.SUCCESS, result };
}
