import { Command, Errors } from '@oclif/core';
import { inspectConfig, loadConfig, type LoadedConfig } from './config/load';
import { requestedLogFormat } from './config/log-format';
import type { PartialConfig } from './config/schema';
import { setKey } from './config/env-mapping';
import { BROKEN_PIPE_EXIT, isBrokenPipe, stopNow } from '../launch/process-guards';
import { describeError } from './describe-error';
import type { ConfigFlagValues } from './flags';
import { createLogger, terminalLogLevel, type Logger } from './logger';

const FLAG_KEYS: [keyof ConfigFlagValues, string][] = [
  ['log-level', 'log.level'],
  ['log-format', 'log.format'],
  ['preset', 'csv.preset'],
  ['delimiter', 'csv.delimiter'],
  ['strict', 'input.strict'],
  ['formula-guard', 'csv.formula_guard'],
  ['ai', 'ai.enabled'],
];

/**
 * Shared plumbing for every `stmt` command: configuration from all sources, the stderr logger,
 * and one place that turns any error into a one-line message and its documented exit code.
 */
export abstract class StmtCommand extends Command {
  protected logger: Logger = createLogger({ level: 'info', format: 'text' });
  private logFormat: 'text' | 'json' = 'text';
  /** Whether `setup` has set the logger from the configuration. */
  private configured = false;
  /** Set by commands that know which file they were working on, for error context. */
  protected currentFile: string | undefined;

  protected flagLayer(flags: ConfigFlagValues): { flags: PartialConfig; flagOrigins: Map<string, string> } {
    const layer: Record<string, Record<string, unknown>> = {};
    const origins = new Map<string, string>();
    for (const [flag, key] of FLAG_KEYS) {
      const value = flags[flag];
      if (value === undefined) continue;
      setKey(layer, key, value);
      origins.set(key, `--${flag}`);
    }
    return { flags: layer, flagOrigins: origins };
  }

  /** Whether errors are logged as JSON lines (`--log-format json`, LOG_FORMAT=json, log.format: json). */
  protected get logsJson(): boolean {
    return this.logFormat === 'json';
  }

  /** Loads the configuration (throwing exit code 6 on problems) and sets up logging from it. */
  protected async setup(flags: ConfigFlagValues, options: { tolerateProblems?: boolean } = {}): Promise<LoadedConfig> {
    const request = { env: process.env, ...this.flagLayer(flags) };
    const loaded = options.tolerateProblems === true ? await inspectConfig(request) : await loadConfig(request);
    const { format } = loaded.config.log;
    this.logFormat = format ?? 'text';
    this.logger = createLogger({ level: terminalLogLevel(loaded, flags.verbose === true), format: this.logFormat });
    this.configured = true;
    return loaded;
  }

  override async catch(error: Error & { exitCode?: number }): Promise<void> {
    if (error instanceof Errors.ExitError) throw error;
    // The reader of standard output went away: nothing to say, and nobody to say it to.
    if (isBrokenPipe(error)) stopNow(BROKEN_PIPE_EXIT);
    if (!this.configured) {
      // The error came before the configuration was loaded (a flag oclif could not parse) or from
      // loading it: the format asked for is looked up on its own, so JSON logging still gets JSON.
      this.logFormat = requestedLogFormat(this.argv, process.env);
      this.logger = createLogger({ level: 'error', format: this.logFormat });
    }
    const report = describeError(error, this.currentFile, this.id);
    // The text message already names file, line, column and path; JSON lines also get them as fields.
    this.logger.error(report.message, this.logFormat === 'json' ? report.fields : {});
    this.exit(report.exitCode);
  }
}
