import type { LedgerFormatName } from '@stmt/ledger';
import type { CsvProfileOptions, LedgerOutput } from '@stmt/convert';
import { loadUserProfiles } from './csv-profiles';
import { loadLedgerAccounts } from './ledger-accounts';

/**
 * What a conversion reads from the database folder besides categories: the user's CSV profiles
 * (with `--profile`), and for `--to hledger|beancount|qif` the account mapping.
 */
export async function profilesAndLedger(
  request: { profile?: string | undefined; to?: string | undefined; accounts?: string | undefined },
  databaseDir: string,
): Promise<{ csv: CsvProfileOptions; ledger?: LedgerOutput }> {
  const csvProfiles = await loadUserProfiles(databaseDir);
  const csv: CsvProfileOptions = {
    ...(csvProfiles.length > 0 ? { csvProfiles } : {}),
    ...(request.profile === undefined ? {} : { csvProfile: request.profile }),
  };
  if (request.to === undefined || request.to === 'csv') return { csv };
  return {
    csv,
    ledger: {
      format: request.to as LedgerFormatName,
      accounts: await loadLedgerAccounts(request.accounts, databaseDir),
    },
  };
}
