import { Flags } from '@oclif/core';
import { StmtCommand } from '../lib/base-command';
import { conversionFlags, globalFlags } from '../lib/flags';
import { conversionRequest, runConvert } from '../lib/run-convert';

export default class Convert extends StmtCommand {
  static override summary = 'Convert a statement file (camt, MT940, OFX, bank CSV) or a folder of them to CSV.';
  static override description =
    'Reads IN (`-` for standard input), writes OUT (`-` for standard output). The CSV appears only when complete. ' +
    'A folder as input converts every recognised statement in it into the --output folder, reporting bad files at the end.';
  static override examples = [
    '<%= config.bin %> convert --input statement.xml --output statement.csv',
    '<%= config.bin %> convert --input big.xml --output big.csv --streaming',
    '<%= config.bin %> convert --input statement.xml --dry-run',
    'cat statement.sta | <%= config.bin %> convert --input - --output - --from mt940',
  ];
  static override baseFlags = globalFlags;
  static override flags = {
    input: Flags.string({
      char: 'i',
      description: 'Statement file, folder, or `-` for standard input.',
      required: true,
    }),
    output: Flags.string({
      char: 'o',
      description: 'CSV file, folder (for a folder input), or `-` for standard output.',
    }),
    ...conversionFlags,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Convert);
    this.currentFile = flags.input;
    const loaded = await this.setup(flags);
    if (flags.output === undefined && !flags['dry-run']) {
      this.error('Missing --output: give a CSV path, `-` for standard output, or use --dry-run.', { exit: 2 });
    }
    if (flags.json && flags.output === '-' && !flags['dry-run']) {
      this.error(
        '--json prints a summary on standard output, which carries the CSV with --output -: write the CSV to a file, or use --dry-run.',
        { exit: 2 },
      );
    }
    const exitCode = await runConvert(
      conversionRequest(flags, { from: flags.from, operation: 'convert' }),
      loaded,
      this.logger,
      { stdout: (text) => this.log(text), stderr: (text) => this.logToStderr(text) },
    );
    if (exitCode !== 0) this.exit(exitCode);
  }
}
