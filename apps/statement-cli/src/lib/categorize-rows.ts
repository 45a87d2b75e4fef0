import { join, resolve } from 'node:path';
import { Categorizer, CategorizerError, type CategorizeInput } from '@stmt/categorizer';
import type { StatementRow } from '@stmt/export';
import { CliError } from './cli-error';
import type { StmtConfig } from './config/schema';
import { configDirectory } from './config/sources';
import type { RowEnricher } from './enrich';
import type { Logger } from './logger';

/** The starter database ships beside the executable: `<package>/database` (this file is `dist/lib/`). */
export const SHIPPED_DATABASE = resolve(__dirname, '..', '..', 'database');

/** The per-user database folder wins over the shipped one: `database.dir`, else `<config folder>/database`. */
export function userDatabaseDir(config: StmtConfig): string {
  return config.database.dir ?? join(configDirectory(process.env), 'database');
}

export async function loadCategorizer(config: StmtConfig, logger: Logger, userDir: string = userDatabaseDir(config)): Promise<Categorizer> {
  try {
    return await Categorizer.load({
      databaseDir: SHIPPED_DATABASE,
      userDatabaseDir: userDir,
      logger,
      ai: {
        enabled: config.ai.enabled,
        baseUrl: config.ai.base_url,
        model: config.ai.model,
        requestsPerMinute: config.ai.requests_per_minute,
        ...(config.ai.api_key === undefined ? {} : { apiKey: config.ai.api_key }),
      },
    });
  } catch (error) {
    if (error instanceof CategorizerError) {
      throw new CliError('CONFIG_INVALID', `${error.message}. Fix the database file or set database.dir elsewhere.`, { cause: error });
    }
    throw error;
  }
}

function inputFor(row: StatementRow): CategorizeInput {
  return {
    creditDebit: row.credit_debit === 'CRDT' ? 'CRDT' : 'DBIT',
    ...(row.counterparty_name === '' ? {} : { party: row.counterparty_name }),
    ...(row.remittance_info === '' ? {} : { text: row.remittance_info }),
  };
}

/** Fills `category` for a batch of rows with one `categorizeMany` call (one AI request per batch of unknown parties). */
export function categorizingEnricher(categorizer: Categorizer): RowEnricher {
  return async (rows) => {
    const decisions = await categorizer.categorizeMany(rows.map(inputFor));
    return rows.map((row, index) => ({ ...row, category: decisions[index]?.category ?? row.category }));
  };
}
