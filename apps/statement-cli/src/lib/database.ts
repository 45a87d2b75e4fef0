import { join, resolve } from 'node:path';
import { Categorizer, CategorizerError, type AiOptions } from '@stmt/categorizer';
import { CliError } from './cli-error';
import type { StmtConfig } from './config/schema';
import { configDirectory } from './config/sources';
import type { Logger } from './logger';

/** The starter database ships beside the executable: `<package>/database` (this file is `dist/lib/`). */
export const SHIPPED_DATABASE = resolve(__dirname, '..', '..', 'database');

/**
 * The user's database folder, whose files win over the shipped ones, and where learned mappings
 * are saved: `--database DIR`, else `database.dir`, else `<config folder>/database`.
 */
export function userDatabaseDir(config: StmtConfig, override?: string): string {
  return override ?? config.database.dir ?? join(configDirectory(process.env), 'database');
}

/** What the AI tier is told of the configuration: every `ai.*` key, the timeout in milliseconds. */
export function aiOptions(config: StmtConfig): AiOptions {
  return {
    enabled: config.ai.enabled,
    baseUrl: config.ai.base_url,
    model: config.ai.model,
    requestsPerMinute: config.ai.requests_per_minute,
    timeoutMs: config.ai.timeout_seconds * 1000,
    ...(config.ai.api_key === undefined ? {} : { apiKey: config.ai.api_key }),
  };
}

/** One categoriser for every command; a broken database file is a configuration error (exit 6). */
export async function loadCategorizer(
  config: StmtConfig,
  logger: Logger,
  userDir: string = userDatabaseDir(config),
): Promise<Categorizer> {
  try {
    return await Categorizer.load({
      databaseDir: SHIPPED_DATABASE,
      userDatabaseDir: userDir,
      logger,
      ai: aiOptions(config),
    });
  } catch (error) {
    if (error instanceof CategorizerError) {
      throw new CliError(
        'CONFIG_INVALID',
        `${error.message}. Fix the database file or point --database (database.dir) elsewhere.`,
        { cause: error },
      );
    }
    throw error;
  }
}
