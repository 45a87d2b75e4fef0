import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AccountMap, LedgerAccountsError, validateLedgerAccounts } from '@stmt/ledger';
import { CliError } from './cli-error';
import { parseYamlFile } from './yaml-file';
import { docsPage } from '@fin/errors';

/** The mapping `--to hledger|beancount|qif` uses by default: `<database folder>/ledger-accounts.yaml`, when it exists. */
export function defaultLedgerAccountsFile(databaseDir: string): string {
  return join(databaseDir, 'ledger-accounts.yaml');
}

/**
 * Category → account and statement account → account, from `--accounts FILE` or the default file
 * (absent: the default scheme). A named file that is missing, or any file that is not a valid
 * mapping, is a configuration error (exit 6) naming the key.
 */
export async function loadLedgerAccounts(file: string | undefined, databaseDir: string): Promise<AccountMap> {
  const path = file ?? defaultLedgerAccountsFile(databaseDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (file === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return new AccountMap();
    throw new CliError(
      'CONFIG_INVALID',
      `Cannot read the ledger account mapping ${path}: ${(error as Error).message}.`,
      { cause: error },
    );
  }
  const value = parseYamlFile(text, path);
  try {
    return new AccountMap(validateLedgerAccounts(value, path));
  } catch (error) {
    if (error instanceof LedgerAccountsError)
      throw new CliError('CONFIG_INVALID', `${error.message}. See ${docsPage('ledger-output.md')}.`, { cause: error });
    throw error;
  }
}
