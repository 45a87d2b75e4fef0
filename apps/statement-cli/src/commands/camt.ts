import { Flags } from '@oclif/core';
import { CAMT_FORMATS } from '@stmt/parser';
import { StmtCommand } from '../lib/base-command';
import { conversionFlags, globalFlags } from '../lib/flags';
import { conversionRequest, runConvert } from '../lib/run-convert';

/** The camt-csv spelling (`camt -i IN -o OUT`), limited to ISO 20022 camt messages. */
export default class Camt extends StmtCommand {
  static override summary = 'Convert an ISO 20022 camt.052/053/054 file to CSV (same as convert, camt input only).';
  static override examples = ['<%= config.bin %> camt -i statement.xml -o statement.csv'];
  static override baseFlags = globalFlags;
  static override flags = {
    input: Flags.string({
      char: 'i',
      description: 'camt XML file, folder, or `-` for standard input.',
      required: true,
    }),
    output: Flags.string({ char: 'o', description: 'CSV file, folder, or `-` for standard output.' }),
    ...conversionFlags,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Camt);
    this.currentFile = flags.input;
    const loaded = await this.setup(flags);
    if (flags.output === undefined && !flags['dry-run']) {
      this.error('Missing -o/--output: give a CSV path, `-` for standard output, or use --dry-run.', { exit: 2 });
    }
    const from = flags.from;
    if (from !== undefined && !isCamt(from)) {
      this.error(`--from ${from} is not a camt format; use \`stmt convert\` for it.`, { exit: 2 });
    }
    const exitCode = await runConvert(
      conversionRequest(flags, {
        from,
        allowedFormats: CAMT_FORMATS,
        operation: 'camt',
      }),
      loaded,
      this.logger,
      { stdout: (text) => this.log(text), stderr: (text) => this.logToStderr(text) },
    );
    if (exitCode !== 0) this.exit(exitCode);
  }
}

function isCamt(format: string): boolean {
  return (CAMT_FORMATS as readonly string[]).includes(format);
}
