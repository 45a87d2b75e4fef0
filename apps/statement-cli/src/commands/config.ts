import { Flags } from '@oclif/core';
import { Document } from 'yaml';
import { audit } from '../lib/audit';
import { userDatabaseDir } from '../lib/database';
import { StmtCommand } from '../lib/base-command';
import { ExitCode } from '../lib/exit-codes';
import { globalFlags } from '../lib/flags';
import { maskSecrets } from '../lib/config/mask';
import { formatProblems } from '../lib/config/validate';
import { terminalLogLevel } from '../lib/logger';

export default class Config extends StmtCommand {
  static override summary = 'Print the effective configuration (secrets masked) or validate it.';
  static override description =
    'Sources, highest first: flags, environment, $XDG_CONFIG_HOME/stmt/.env, $XDG_CONFIG_HOME/stmt/config.yaml, defaults.';
  static override examples = [
    '<%= config.bin %> config --show',
    '<%= config.bin %> config --show --json',
    '<%= config.bin %> config --validate',
  ];
  static override baseFlags = globalFlags;
  static override flags = {
    show: Flags.boolean({
      description: 'Print the effective configuration with the source of each key.',
      exclusive: ['validate'],
    }),
    validate: Flags.boolean({ description: 'Check every source; exit 6 listing the offending keys.' }),
    json: Flags.boolean({ description: 'With --show: print JSON ({config, sources}) instead of YAML.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Config);
    if (!flags.show && !flags.validate) this.error('Give --show or --validate.', { exit: ExitCode.USAGE });
    const loaded = await this.setup(flags, { tolerateProblems: flags.validate });

    if (flags.validate) {
      audit(this.logger, 'config-validate', loaded.directory, loaded.problems.length === 0 ? 'success' : 'failure');
      if (loaded.problems.length > 0) {
        // A log shipper reads one JSON line, the problems as a list; a person reads one problem a line.
        if (this.logsJson)
          this.logger.error(`Invalid configuration: ${formatProblems(loaded.problems).replaceAll('\n', '; ')}`, {
            code: 'CONFIG_INVALID',
            problems: loaded.problems,
          });
        else this.logToStderr(`Invalid configuration:\n${formatProblems(loaded.problems)}`);
        this.exit(ExitCode.CONFIG);
      }
      this.log(`configuration is valid (folder ${loaded.directory})`);
      return;
    }

    const config = maskSecrets(loaded.config);
    const shownSources = new Map(loaded.sources);
    // The database folder has no default value of its own: show the one in use, the per-user folder.
    if (config.database.dir === undefined) {
      config.database = { ...config.database, dir: userDatabaseDir(loaded.config) };
      shownSources.set('database.dir', 'defaults');
    }
    // A text-format run is quieter on the terminal than the level by default: say so where the level is shown.
    const onTerminal = terminalLogLevel(loaded, flags.verbose);
    if (onTerminal !== loaded.config.log.level)
      shownSources.set(
        'log.level',
        `${shownSources.get('log.level') ?? 'defaults'}; the terminal shows ${onTerminal} and above unless --verbose or a level is set`,
      );
    const sources = Object.fromEntries(shownSources);
    if (flags.json) {
      this.log(JSON.stringify({ config, sources }, null, 2));
      return;
    }
    const doc = new Document(config);
    // Each key carries its source as a trailing comment: `level: debug # LOG_LEVEL`.
    for (const [key, source] of shownSources) {
      const node = doc.getIn(key.split('.'), true) as { comment?: string } | undefined;
      if (node !== undefined && typeof node === 'object') node.comment = ` ${source}`;
    }
    this.log(doc.toString().trimEnd());
  }
}
