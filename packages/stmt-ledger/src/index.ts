export {
  AccountMap,
  LEDGER_ACCOUNTS_SCHEMA,
  LEDGER_ACCOUNTS_ERROR_CODES,
  LedgerAccountsError,
  validateLedgerAccounts,
  type LedgerAccounts,
  type LedgerAccountsErrorCode,
} from './account-map';
export { LEDGER_FILE_EXTENSIONS, LEDGER_FORMATS, type LedgerFormatName } from './formats';
export { LedgerWriter, type LedgerWriterOptions } from './ledger-writer';
