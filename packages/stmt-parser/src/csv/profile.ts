/**
 * A bank's CSV export described as data (in the spirit of hledger's CSV rules): how to recognise
 * the file, which column is what, how dates, numbers and signs are written. Users write these as
 * YAML in their database folder (`profiles/*.yaml`); the shipped ones are in `profiles/`.
 * docs/csv-profiles.md is the reference; profile-schema.ts validates it.
 *
 * Column names are written as the bank writes them; a name written `/…/` is a regular expression
 * matched against the header (the first column that matches).
 */
export interface CsvProfile {
  /** Identifier for `--profile NAME`: lower case, digits and dashes. */
  name: string;
  /** Human name for messages and the default account name: `Revolut`. */
  bank: string;
  description?: string;
  /** How to recognise the export: every one of `columns` is in its header row. */
  detect: {
    columns: string[];
    /** Default `,`. */
    delimiter?: string;
    /** Default `utf-8`; a byte-order mark wins. */
    encoding?: string;
  };
  /** Format name on statements: `revolut-csv` for the shipped Revolut layout, else `bank-csv`. */
  format?: 'revolut-csv' | 'bank-csv';
  /** The date layout, with YYYY, YY, MM, M, MMM (Jan…Dec), DD, D; a time after the date is ignored. */
  date_format: string;
  /** Decimal separator; default `.`. */
  decimal?: '.' | ',';
  /** Thousands separator to ignore; default none. */
  thousands?: ',' | '.' | ' ' | "'";
  booking_date: string;
  value_date?: string;
  amount: ProfileAmount;
  /**
   * The currency: a column, a fixed code, or taken from a header such as `Paid Out (EUR)`. A
   * currency written in the amount cell (`USD 100`) wins over the code and the header.
   */
  currency?: { column?: string; code?: string; header?: string };
  /** The account balance after the row, when the export has it. */
  balance?: string;
  /**
   * The amount in the currency the transaction was made in, and that currency (columns), for a
   * card payment abroad: `original_amount` and `original_currency` of rows in another currency.
   */
  original_amount?: { amount: string; currency: string };
  /** Rows in the export and their status; unknown values are an error naming the expected ones. */
  status?: { column: string; values: Record<string, 'BOOK' | 'PDNG' | 'INFO'> };
  /** Rows to leave out (declined payments, non-cash movements, footers); any rule that matches skips. */
  skip?: SkipRule[];
  /** The bank's own id of the transaction (becomes `account_servicer_reference` and the `transaction_id`). */
  reference?: string;
  /** Becomes `bank_transaction_code`. */
  transaction_code?: string;
  counterparty?: TextRule;
  /** The counterparty's account number (IBAN), a column: becomes `counterparty_iban`. */
  counterparty_iban?: string;
  /** SEPA fields some exports carry, each a column: `end_to_end_id`, `mandate_id`, `creditor_id`. */
  end_to_end_id?: string;
  mandate_id?: string;
  creditor_id?: string;
  remittance?: TextRule;
  /** Which account the rows belong to; rows with equal `statement` texts form one statement. */
  account?: { name?: string; iban?: string; statement?: string };
}

/** How the amount and its sign are written. Exactly one of `column`, `debit`/`credit`. */
export interface ProfileAmount {
  /** One signed column (or unsigned, with `direction`). */
  column?: string;
  /** Separate columns for money out and money in: one holds the row's amount, the other is empty or zero; signs are ignored. */
  debit?: string;
  credit?: string;
  /** A column saying which way the money went; values matched case-insensitively, `*` is a wildcard. */
  direction?: { column: string; debit: string[]; credit: string[] };
  /** Card exports that write spending as positive numbers. */
  negate?: boolean;
  /** A fee column: the balance moves by amount − fee; the fee becomes a charge. */
  fee?: string;
}

/**
 * Skip a row when `column` equals one of `values`, is none of `not_values`, is empty, or matches
 * `matches`; or, with `all`, when every rule in it does (Bank of America's `Beginning balance`
 * line: that description and an empty amount, so another row without an amount is not skipped).
 */
export type SkipRule = ColumnSkipRule | { all: ColumnSkipRule[] };

export interface ColumnSkipRule {
  column: string;
  values?: string[];
  not_values?: string[];
  empty?: boolean;
  matches?: string;
}

/**
 * Text built from columns: a template with `{Column}` placeholders (`{Column|default}` when
 * empty), optionally different for debits and credits, and regular-expression replacements.
 * Whitespace runs become one space; separators left dangling by empty columns are dropped.
 */
export type TextRule =
  string | { template?: string; debit?: string; credit?: string; replace?: { pattern: string; with: string }[] };
