export { AccountMap, accountComponent, LEDGER_ACCOUNTS_SCHEMA, LedgerAccountsError, validateLedgerAccounts, type LedgerAccounts } from './account-map';
export { LEDGER_FORMATS, ledgerFormat, type LedgerBalance, type LedgerFormat, type LedgerFormatName, type LedgerTransaction } from './formats';
export { LedgerWriter, type LedgerWriterOptions } from './ledger-writer';
