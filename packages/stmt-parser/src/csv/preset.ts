import type { Decimal } from '../decimal';
import type { Account, CreditDebit, Money, StatementFormat, TransactionDetail } from '../types';

/** One row of a bank CSV export, by header name. */
export type CsvRow = Readonly<Record<string, string>>;

/** The account a row belongs to; rows of one account in a row form one statement. */
export interface CsvAccount {
  /** Rows with equal keys, one after the other, belong to the same statement. */
  key: string;
  statementId: string;
  account: Account;
  currency: string;
}

/** A row read by a preset: everything an entry needs, plus the running balance when the bank gives it. */
export interface CsvEntryDraft {
  account: CsvAccount;
  /** What moved the balance, unsigned, with its direction. */
  money: Money;
  creditDebit: CreditDebit;
  status: 'BOOK' | 'PDNG' | 'INFO';
  bookingDate?: string;
  valueDate?: string;
  bankTransactionCode?: string;
  entryReference?: string;
  /** The bank's own id of the transaction (a profile's `reference` column). */
  accountServicerReference?: string;
  charges: Money[];
  detail?: TransactionDetail;
  /** Signed account balance after this row, when the export has a balance column. */
  balanceAfter?: Decimal;
}

/** A cell the preset could not read; `column` is the header name, so the parser can point at it. */
export interface CsvCellProblem {
  code: 'INVALID_AMOUNT' | 'INVALID_DATE' | 'INVALID_VALUE' | 'MISSING_ELEMENT';
  message: string;
  column: string;
}

export type CsvRowResult =
  | {
      kind: 'entry';
      draft: CsvEntryDraft;
      /** Cells read the tolerant way (a currency in lower case, a booking date taken from the value date). */
      warnings?: CsvCellProblem[];
    }
  /** A row the preset leaves out; with a warning when it holds money that a rule caught unforeseen. */
  | { kind: 'skip'; warning?: CsvCellProblem }
  | { kind: 'problem'; problem: CsvCellProblem };

/**
 * Everything that is specific to one bank's CSV export. Adding a bank is one file in
 * `presets/` that fills this in; parsing, streaming, statements and reconciliation are shared.
 */
export interface BankCsvPreset {
  format: StatementFormat;
  /** Human name for messages: `Revolut`. */
  bank: string;
  delimiter: string;
  /** The header row, exactly as the bank writes it: used for sniffing and for checking the columns. */
  header: readonly string[];
  /** Encoding when the file has no byte-order mark (default UTF-8). */
  encoding?: string;
  /**
   * Recognises the header row among the first records; records before it (an account summary
   * some banks write above the table) are skipped. Without it the first record is the header.
   */
  isHeader?(fields: readonly string[]): boolean;
  /**
   * Every column `readRow` reads (names, or `/…/` regular expressions), beyond `header`: a
   * header that names one of them twice is refused, since which one is meant is unclear.
   */
  reads?: readonly string[];
  readRow(row: CsvRow): CsvRowResult;
}
