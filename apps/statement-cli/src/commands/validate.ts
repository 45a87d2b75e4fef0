import { Flags } from '@oclif/core';
import type { StatementFormat } from '@stmt/parser';
import { StmtCommand } from '../lib/base-command';
import { ExitCode } from '../lib/exit-codes';
import { loadUserProfiles } from '../lib/csv-profiles';
import { userDatabaseDir } from '../lib/database';
import { databaseFlag, globalFlags, inputFlags, profileFlag, STATEMENT_FORMATS, strictFlag } from '../lib/flags';
import { readOptions } from '../lib/read-options';
import { resolveInput } from '../lib/input';
import { validateFolder, validateOne } from '../lib/validate-run';

export default class Validate extends StmtCommand {
  static override summary = 'Check a statement file or folder and list every problem with file, line, column and element path.';
  static override description =
    'Reports XML that is not well formed, unknown message types, missing required elements, unparseable amounts or dates, ' +
    'and balances that do not reconcile (opening + credits − debits ≠ closing). Every deviation is listed with its severity: ' +
    'error (the file cannot be converted), warning (non-standard, read the tolerant way; an error with --strict) or note. Bank CSVs are recognised by your CSV profiles (<database>/profiles/*.yaml) and the shipped ones, as `convert` does, or read with --profile NAME. A folder validates every recognised ' +
    'statement in it (not recursive), reporting per file and a final tally. Exits 0 only when every file is valid, 4 otherwise.';
  static override examples = ['<%= config.bin %> validate --input statement.xml', '<%= config.bin %> validate --input statements/'];
  static override baseFlags = globalFlags;
  static override flags = {
    input: Flags.string({ char: 'i', description: 'Statement file, folder, or `-` for standard input.', required: true }),
    from: Flags.string({ description: 'Input format; skips content sniffing.', options: [...STATEMENT_FORMATS] }),
    strict: strictFlag,
    ...inputFlags,
    profile: profileFlag,
    database: databaseFlag,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Validate);
    this.currentFile = flags.input;
    const loaded = await this.setup(flags);
    const strict = loaded.config.input.strict;
    // Bank CSVs are read as `convert` reads them: your profiles first, or the one --profile names.
    const csvProfiles = await loadUserProfiles(userDatabaseDir(loaded.config, flags.database));
    const read = {
      ...readOptions({ encoding: flags.encoding, maxFieldSize: flags['max-field-size'], maxEntryDetails: flags['max-entry-details'] }, loaded.config),
      ...(csvProfiles.length > 0 ? { csvProfiles } : {}),
      ...(flags.profile === undefined ? {} : { csvProfile: flags.profile }),
    };
    const format = flags.from as StatementFormat | undefined;
    const input = await resolveInput(flags.input);
    const print = (text: string): void => this.log(text);
    if (input.kind === 'directory') {
      const exitCode = await validateFolder(input.path, format, this.logger, print, read, strict);
      if (exitCode !== ExitCode.SUCCESS) this.exit(exitCode);
      return;
    }
    if (!(await validateOne(input, format, this.logger, print, read, strict))) this.exit(ExitCode.PARSE);
  }
}
