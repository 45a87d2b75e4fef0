import { readFile } from 'node:fs/promises';
import { Args, Flags } from '@oclif/core';
import { inputError } from '@stmt/convert';
import { StmtCommand } from '../../lib/base-command';
import { CliError } from '../../lib/cli-error';
import { loadCategorizer, userDatabaseDir } from '../../lib/database';
import { databaseFlag, globalFlags } from '../../lib/flags';
import { parseReviewYaml, ReviewFileError } from '../../lib/mappings-review';
import { formatMappings, saveLearned } from '../../lib/save-mappings';

export default class MappingsApply extends StmtCommand {
  static override summary =
    'Save the mappings of a reviewed file (from `convert --mappings-review FILE`) into your database folder.';
  static override description =
    'Each entry becomes an exact mapping in debtors.yaml (debit) or creditors.yaml (credit) of your database folder. ' +
    'Existing files are backed up as <file>.<timestamp>.bak and replaced atomically; your comments and order are kept.';
  static override examples = [
    '<%= config.bin %> mappings apply april-mappings.yaml',
    '<%= config.bin %> mappings apply april-mappings.yaml --database ./my-database',
  ];
  static override baseFlags = globalFlags;
  static override args = { file: Args.string({ description: 'The reviewed YAML file.', required: true }) };
  static override flags = {
    database: databaseFlag,
    'dry-run': Flags.boolean({ description: 'Check the file and list what would be saved; write nothing.' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(MappingsApply);
    this.currentFile = args.file;
    const { config } = await this.setup(flags);
    if (args.file === '-' || args.file.trim() === '')
      throw new CliError(
        'USAGE',
        `stmt mappings apply reads a review file by its path, not ${args.file === '-' ? 'standard input (`-`)' : 'an empty name'}: give the file \`convert --mappings-review FILE\` wrote (save piped text to a file first).`,
      );
    const text = await readFile(args.file, 'utf8').catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        throw new CliError(
          'INPUT_NOT_FOUND',
          `Mappings review file ${args.file} not found. Check the path: it is the file \`stmt convert … --mappings-review FILE\` wrote.`,
          { cause: error },
        );
      throw inputError(args.file, error);
    });
    let mappings;
    try {
      mappings = parseReviewYaml(text);
    } catch (error) {
      if (!(error instanceof ReviewFileError)) throw error;
      throw new CliError(
        'USAGE',
        `${args.file} is not a valid mappings review file: ${error.message}. Nothing was saved.`,
        { cause: error },
      );
    }
    if (mappings.length === 0) {
      this.log(`${args.file} lists no mappings; nothing to save.`);
      return;
    }
    for (const line of formatMappings(mappings)) this.log(line);
    const target = userDatabaseDir(config, flags.database);
    if (flags['dry-run']) {
      this.log(`Dry run: ${mappings.length} mapping(s) would be saved to ${target}.`);
      return;
    }
    // AI off: applying reviewed mappings never needs the service.
    const categorizer = await loadCategorizer({ ...config, ai: { ...config.ai, enabled: false } }, this.logger, target);
    this.log(await saveLearned(categorizer, target, mappings));
  }
}
