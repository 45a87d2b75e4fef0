import { Flags } from '@oclif/core';
import { StmtCommand } from '../lib/base-command';
import { ExitCode } from '../lib/exit-codes';
import { checkProfileName, loadUserProfiles } from '../lib/csv-profiles';
import { userDatabaseDir } from '../lib/database';
import { databaseFlag, fromFlag, globalFlags, inputFlags, profileFlag, strictFlag } from '../lib/flags';
import { readableInput, readOptions } from '../lib/read-options';
import { resolveInput } from '@stmt/convert';
import type { FileValidationJson, FolderValidationJson } from '../lib/validate-json';
import { validateFolder, validateOne } from '../lib/validate-run';
import { visible } from '../lib/logger';

export default class Validate extends StmtCommand {
  static override summary =
    'Check a statement file or folder and list every problem with file, line, column and element path.';
  static override description =
    'Reports XML that is not well formed, unknown message types, missing required elements, unparseable amounts or dates, ' +
    'and balances that do not reconcile (opening + credits − debits ≠ closing). Every deviation is listed with its severity: ' +
    'error (the file cannot be converted), warning (non-standard, read the tolerant way; an error with --strict) or note. Bank CSVs are recognised by your CSV profiles (<database>/profiles/*.yaml) and the shipped ones, as `convert` does, or read with --profile NAME. A folder validates every recognised ' +
    'statement in it (not recursive), reporting per file and a final tally. Exits 0 only when every file is valid, 4 otherwise.';
  static override examples = [
    '<%= config.bin %> validate --input statement.xml',
    '<%= config.bin %> validate --input statements/',
    '<%= config.bin %> validate --input statement.xml --json',
  ];
  static override enableJsonFlag = true;
  static override baseFlags = globalFlags;
  static override flags = {
    input: Flags.string({
      char: 'i',
      description: 'Statement file, folder, or `-` for standard input.',
      required: true,
    }),
    from: fromFlag,
    strict: strictFlag,
    ...inputFlags,
    profile: profileFlag,
    database: databaseFlag,
  };

  async run(): Promise<FileValidationJson | FolderValidationJson> {
    const { flags } = await this.parse(Validate);
    this.currentFile = flags.input;
    const loaded = await this.setup(flags);
    const strict = loaded.config.input.strict;
    // Bank CSVs are read as `convert` reads them: your profiles first, or the one --profile names.
    const databaseDir = userDatabaseDir(loaded.config, flags.database);
    const csvProfiles = await loadUserProfiles(databaseDir);
    checkProfileName(flags.profile, csvProfiles, databaseDir);
    const read = {
      ...readOptions(
        {
          encoding: flags.encoding,
          maxFieldSize: flags['max-field-size'],
          maxEntryDetails: flags['max-entry-details'],
        },
        loaded.config,
      ),
      ...(csvProfiles.length > 0 ? { csvProfiles } : {}),
      ...(flags.profile === undefined ? {} : { csvProfile: flags.profile }),
    };
    const format = flags.from;
    const input = await readableInput(await resolveInput(flags.input));
    // With --json, oclif drops these lines and prints the returned result instead.
    const print = (text: string): void => this.log(visible(text));
    if (input.kind === 'directory') {
      const { exitCode, result } = await validateFolder(input.path, format, this.logger, print, read, strict);
      return this.verdict(result, exitCode);
    }
    const result = await validateOne(input, format, this.logger, print, read, strict);
    return this.verdict(result, result.valid ? ExitCode.SUCCESS : ExitCode.PARSE);
  }

  /** Exits with `exitCode` unless it is 0; the JSON result is printed either way. */
  private verdict<T extends object>(result: T, exitCode: number): T {
    if (exitCode === ExitCode.SUCCESS) return result;
    if (this.jsonEnabled()) this.logJson(result);
    return this.exit(exitCode);
  }
}
