import { join } from 'node:path';
import type { StatementFormat } from '@stmt/parser';
import { directoryOutputs } from './convert-directory';
import type { LedgerOutput } from './convert-ledger';
import { ConvertError } from './errors';
import { resolveInput } from './input';
import { canonicalPath, refuseOverwritingInput, samePath } from './output';
import { isRecognisedStatement, listFolderEntries, type CsvProfileOptions } from './statement-files';

/** The paths of a conversion, and what decides which files of an input folder it converts. */
export interface ConversionPaths {
  /** A statement file, a folder, or `-` for standard input. */
  input: string;
  /** A file, a folder (for a folder input without `merge`), `-`, or undefined when not given. */
  output: string | undefined;
  /** `--merge` / `--since-last`: a folder input goes into the one output file. */
  merge: boolean;
  format?: StatementFormat | undefined;
  csv?: CsvProfileOptions;
  ledger?: Pick<LedgerOutput, 'format'> | undefined;
}

/**
 * A file a conversion writes beside its output (the CLI's `--mappings-review FILE`) must not
 * replace a file of the conversion itself. Refuses, with a `USAGE` error (exit 2) before anything
 * is converted, a `path` that is the input file, a statement of the input folder, the output
 * file, or a file a folder conversion writes into its output folder, whatever path spelling or
 * symbolic link leads there (the check `--output` gets, see `refuseOverwritingInput`). A file of
 * the input folder that is not converted (not a statement, such as the review file an earlier
 * run wrote there) may be replaced. `option` names the path in the message (`--mappings-review`),
 * `file` what it is (`the review file`).
 */
export async function refuseWritingOverConversion(
  path: string,
  paths: ConversionPaths,
  option: string,
  file: string,
): Promise<void> {
  if (path === '-') return;
  const named = `${option} ${path}`;
  const instead = `another path for ${file}`;
  const input = paths.input === '-' ? undefined : await resolveInput(paths.input);
  if (input?.kind === 'file') await refuseOverwritingInput(input.path, path, named, instead);
  if (input?.kind === 'directory') {
    const target = await canonicalPath(path);
    for (const { name } of await listFolderEntries(input.path)) {
      const statement = join(input.path, name);
      if ((await canonicalPath(statement)) !== target) continue;
      // One that cannot be read is taken as a statement: it is not the run's to replace.
      const converted = await isRecognisedStatement(statement, paths.format, paths.csv).catch(() => true);
      if (converted) {
        throw new ConvertError(
          'USAGE',
          `${named} is ${also(statement, path)}a statement of the input folder ${input.path}; choose ${instead} so the statement is not overwritten.`,
        );
      }
    }
  }
  const output = paths.output;
  if (output === undefined || output === '-') return;
  if (input?.kind === 'directory' && !paths.merge) {
    for (const [written, from] of await directoryOutputs(input.path, output, paths)) {
      if (await samePath(written, path)) {
        throw new ConvertError(
          'USAGE',
          `${named} is ${also(written, path)}where this run writes the output of ${from}; choose ${instead} so the output is not overwritten.`,
        );
      }
    }
    return;
  }
  if (await samePath(output, path)) {
    throw new ConvertError('USAGE', `${named} is the output file; choose ${instead} so the output is not overwritten.`);
  }
}

/** `other, ` when the path was given in another spelling (or through a link), to say which file it is. */
function also(other: string, given: string): string {
  return other === given ? '' : `${other}, `;
}
