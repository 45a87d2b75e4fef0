/**
 * The default CSV layout (docs/decisions/0013-csv-output.md): these exact header names,
 * in this order. Every preset is a projection of a row in this shape.
 */
export const DEFAULT_COLUMNS = [
  'booking_date',
  'value_date',
  'amount',
  'currency',
  'credit_debit',
  'status',
  'counterparty_name',
  'counterparty_iban',
  'counterparty_bic',
  'remittance_info',
  'end_to_end_id',
  'entry_reference',
  'account_servicer_reference',
  'bank_transaction_code',
  'account_iban',
  'statement_id',
  'category',
  'original_amount',
  'original_currency',
  'exchange_rate',
  'reversal',
  'transaction_id',
] as const;

/**
 * SEPA fields that reconciliation users ask for (docs/csv-columns.md): not in the default
 * layout, written by the `full` preset after the default columns.
 */
export const SEPA_COLUMNS = [
  'mandate_id',
  'creditor_id',
  'creditor_reference',
  'purpose_code',
  'return_reason_code',
  'ultimate_debtor',
  'ultimate_creditor',
] as const;

export type ColumnName = (typeof DEFAULT_COLUMNS)[number] | (typeof SEPA_COLUMNS)[number];

/** One CSV row with every column; every value is already text (amounts keep their source scale). */
export type StatementRow = Record<ColumnName, string>;
