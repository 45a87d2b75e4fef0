import { Flags } from '@oclif/core';
import { StmtCommand } from '../lib/base-command';
import { readBuildInfo } from '../lib/build-info';
import { configDirectory } from '../lib/config/sources';
import { globalFlags, STATEMENT_FORMATS } from '../lib/flags';

export default class Version extends StmtCommand {
  static override summary = 'Print the version, commit and build date (also `stmt --version`).';
  static override examples = ['<%= config.bin %> version', '<%= config.bin %> version --verbose', '<%= config.bin %> --version'];
  static override baseFlags = globalFlags;
  static override flags = {
    verbose: Flags.boolean({ description: 'Also print the Node.js version, platform, supported formats and configuration folder.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Version);
    const build = readBuildInfo();
    this.log(`stmt ${this.config.version} (commit ${build.commit}, built ${build.buildDate})`);
    if (!flags.verbose) return;
    this.log(`node: ${process.version}`);
    this.log(`platform: ${process.platform}-${process.arch}`);
    this.log(`formats: ${STATEMENT_FORMATS.join(', ')}`);
    this.log(`config folder: ${configDirectory(process.env)}`);
  }
}
