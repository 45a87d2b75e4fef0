import { Flags } from '@oclif/core';
import { StmtCommand } from '../lib/base-command';
import { readBuildInfo } from '../lib/build-info';
import { configDirectory } from '../lib/config/sources';
import { STATEMENT_FORMATS } from '@stmt/parser';
import { globalFlags } from '../lib/flags';
import { versionLine } from '../lib/version-line';

export interface VersionReport {
  version: string;
  commit: string;
  buildDate: string;
  node?: string;
  platform?: string;
  formats?: readonly string[];
  configFolder?: string;
}

export default class Version extends StmtCommand {
  static override summary = 'Print the version, commit and build date (also `stmt --version`).';
  static override examples = [
    '<%= config.bin %> version',
    '<%= config.bin %> version --verbose',
    '<%= config.bin %> version --json',
    '<%= config.bin %> --version',
  ];
  static override enableJsonFlag = true;
  static override baseFlags = globalFlags;
  static override flags = {
    verbose: Flags.boolean({
      description: 'Also print the Node.js version, platform, supported formats and configuration folder.',
    }),
  };

  async run(): Promise<VersionReport> {
    const { flags } = await this.parse(Version);
    const build = readBuildInfo();
    const report: VersionReport = { version: this.config.version, ...build };
    this.log(versionLine(this.config.version, build));
    if (!flags.verbose) return report;
    const details = {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      formats: STATEMENT_FORMATS,
      configFolder: configDirectory(process.env),
    };
    this.log(`node: ${details.node}`);
    this.log(`platform: ${details.platform}`);
    this.log(`formats: ${details.formats.join(', ')}`);
    this.log(`config folder: ${details.configFolder}`);
    return { ...report, ...details };
  }
}
