import type * as CategorizerModule from '@stmt/categorizer';
import type * as LedgerModule from '@stmt/ledger';
import { CsvProfileError } from '@stmt/parser';
import type { ErrorReport } from './describe-error';
import { EXIT_CODE_BY_CATEGORIZER_ERROR, EXIT_CODE_BY_SCHEMA_ERROR } from './exit-codes';

// Commands that categorise or write journals load these libraries; an error of theirs means they
// are loaded already, so requiring them here costs nothing and every other start stays lighter.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
const loadCategorizer = (): typeof CategorizerModule => require('@stmt/categorizer') as typeof CategorizerModule;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const loadLedger = (): typeof LedgerModule => require('@stmt/ledger') as typeof LedgerModule;

/**
 * The report of a categorizer, CSV profile or ledger account mapping error that reached the top
 * without a command wrapping it, by the exit-code tables; `undefined` for any other error.
 */
export function describeLibraryError(error: unknown): ErrorReport | undefined {
  if (!(error instanceof Error)) return undefined;
  const categorizerError = error.name === 'CategorizerError' ? loadCategorizer().CategorizerError : undefined;
  if (categorizerError !== undefined && error instanceof categorizerError) {
    return {
      exitCode: EXIT_CODE_BY_CATEGORIZER_ERROR[error.code],
      message: error.message,
      fields: { code: error.code, ...error.context },
    };
  }
  const ledgerError = error.name === 'LedgerAccountsError' ? loadLedger().LedgerAccountsError : undefined;
  if (error instanceof CsvProfileError || (ledgerError !== undefined && error instanceof ledgerError)) {
    return {
      exitCode: EXIT_CODE_BY_SCHEMA_ERROR[error.code],
      message: error.message,
      fields: { code: error.code, file: error.source },
    };
  }
  return undefined;
}
