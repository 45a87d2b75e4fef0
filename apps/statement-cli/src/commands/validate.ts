import { Flags } from '@oclif/core';
import type { StatementFormat } from '@stmt/parser';
import { audit } from '../lib/audit';
import { StmtCommand } from '../lib/base-command';
import { CliError } from '../lib/cli-error';
import { ExitCode } from '../lib/exit-codes';
import { globalFlags, STATEMENT_FORMATS } from '../lib/flags';
import { resolveInput } from '../lib/input';
import { formatIssue, validateFile } from '../lib/validate-file';

export default class Validate extends StmtCommand {
  static override summary = 'Check a statement file and list every problem with file, line, column and element path.';
  static override description =
    'Reports XML that is not well formed, unknown message types, missing required elements, unparseable amounts or dates, ' +
    'and balances that do not reconcile (opening + credits − debits ≠ closing). Exits 0 only for a valid file, 4 otherwise.';
  static override examples = ['<%= config.bin %> validate --input statement.xml'];
  static override baseFlags = globalFlags;
  static override flags = {
    input: Flags.string({ char: 'i', description: 'Statement file or `-` for standard input.', required: true }),
    from: Flags.string({ description: 'Input format; skips content sniffing.', options: [...STATEMENT_FORMATS] }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Validate);
    this.currentFile = flags.input;
    await this.setup(flags);
    const input = await resolveInput(flags.input);
    if (input.kind === 'directory') throw new CliError('USAGE', `${flags.input} is a folder; validate takes one file at a time.`);
    const report = await validateFile(input, flags.from as StatementFormat | undefined);
    for (const issue of report.issues) this.log(formatIssue(report.file, issue));
    const errors = report.issues.filter((issue) => issue.severity === 'error').length;
    const warnings = report.issues.length - errors;
    audit(this.logger, 'validate', report.file, errors === 0 ? 'success' : 'failure');
    if (errors === 0) {
      this.log(`${report.file}: valid ${report.format} (${report.statements} statement(s), ${report.entries} entries${warnings > 0 ? `, ${warnings} warning(s)` : ''})`);
      return;
    }
    this.log(`${report.file}: ${errors} error(s), ${warnings} warning(s)`);
    this.logger.error(`parse error: ${report.file} is not valid (${errors} error(s))`, { file: report.file, parser: report.format });
    this.exit(ExitCode.PARSE);
  }
}
