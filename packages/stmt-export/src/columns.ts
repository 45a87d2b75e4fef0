/**
 * The default CSV layout (DECISIONS "Statement converter / Output"): these exact header names,
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

export type ColumnName = (typeof DEFAULT_COLUMNS)[number];

/** One CSV row in the default layout; every value is already text (amounts keep their source scale). */
export type StatementRow = Record<ColumnName, string>;
