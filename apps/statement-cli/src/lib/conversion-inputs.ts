import type { LedgerFormatName } from '@stmt/ledger';
import { refuseWritingOverConversion, type CsvProfileOptions, type LedgerOutput } from '@stmt/convert';
import type { StatementFormat } from '@stmt/parser';
import { loadUserProfiles } from './csv-profiles';
import { loadLedgerAccounts } from './ledger-accounts';

/** What `profilesAndLedger` reads of the request; the paths only for the `--mappings-review` check. */
export interface ConversionInputsRequest {
  profile?: string | undefined;
  to?: string | undefined;
  accounts?: string | undefined;
  input?: string;
  output?: string | undefined;
  from?: StatementFormat | undefined;
  merge?: boolean;
  sinceLast?: boolean;
  mappingsReview?: string | undefined;
}

/**
 * What a conversion reads from the database folder besides categories: the user's CSV profiles
 * (with `--profile`), and for `--to hledger|beancount|qif` the account mapping. Called before
 * anything is converted, it also refuses (exit 2) a `--mappings-review` path that is one of the
 * conversion's own files (see `refuseReviewOverwrite`).
 */
export async function profilesAndLedger(
  request: ConversionInputsRequest,
  databaseDir: string,
): Promise<{ csv: CsvProfileOptions; ledger?: LedgerOutput }> {
  const csvProfiles = await loadUserProfiles(databaseDir);
  const csv: CsvProfileOptions = {
    ...(csvProfiles.length > 0 ? { csvProfiles } : {}),
    ...(request.profile === undefined ? {} : { csvProfile: request.profile }),
  };
  await refuseReviewOverwrite(request, csv);
  if (request.to === undefined || request.to === 'csv') return { csv };
  return {
    csv,
    ledger: {
      format: request.to as LedgerFormatName,
      accounts: await loadLedgerAccounts(request.accounts, databaseDir),
    },
  };
}

/**
 * `--mappings-review FILE` is written after the conversion: refuses (exit 2), before anything is
 * converted, a FILE that is the input, a statement of the input folder, the output, or a file a
 * folder conversion writes, as `--output` is refused when it is the input. `csv`: the CSV
 * profiles, which decide which files of a folder are statements.
 */
export async function refuseReviewOverwrite(request: ConversionInputsRequest, csv: CsvProfileOptions): Promise<void> {
  if (request.mappingsReview === undefined || request.input === undefined) return;
  await refuseWritingOverConversion(
    request.mappingsReview,
    {
      input: request.input,
      output: request.output,
      merge: request.merge === true || request.sinceLast === true,
      format: request.from,
      csv,
      ...(request.to === undefined || request.to === 'csv'
        ? {}
        : { ledger: { format: request.to as LedgerFormatName } }),
    },
    '--mappings-review',
    'the review file',
  );
}
