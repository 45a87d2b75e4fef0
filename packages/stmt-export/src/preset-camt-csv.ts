import type { StatementRow } from './columns';
import type { CsvPreset } from './presets';

/**
 * The 29-column `standard` layout of fjacquet/camt-csv (internal/formatter/standard.go and
 * models.Transaction.MarshalCSV), for users migrating from it. Matched: column order and header
 * names, dates as DD.MM.YYYY, unsigned amounts with the direction in CreditDebit, `0.00` / `0`
 * in the numeric columns camt-csv always fills. A leading `'` on cells a spreadsheet would run as
 * a formula comes from the formula guard all presets share (formula-guard.ts). Not matched on purpose: camt-csv rounds every number to two
 * decimals; we keep the exact source scale (at least two decimals), as money must never change.
 */
const HEADER = [
  'Status',
  'Date',
  'ValueDate',
  'Name',
  'PartyName',
  'PartyIBAN',
  'Description',
  'RemittanceInfo',
  'Amount',
  'CreditDebit',
  'Currency',
  'Product',
  'AmountExclTax',
  'TaxRate',
  'InvestmentType',
  'Number',
  'Category',
  'Type',
  'Fund',
  'NumberOfShares',
  'Fees',
  'IBAN',
  'EntryReference',
  'Reference',
  'AccountServicer',
  'BankTxCode',
  'OriginalCurrency',
  'OriginalAmount',
  'ExchangeRate',
] as const;

/** `2024-03-01` or `2024-03-01T10:00:00+01:00` → `01.03.2024`; anything else is left as it is. */
export function toDayMonthYear(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match === null ? isoDate : `${match[3]}.${match[2]}.${match[1]}`;
}

/** Unsigned, padded to at least two decimals, never rounded; empty becomes camt-csv's `0.00`. */
export function atLeastTwoDecimals(amount: string): string {
  const unsigned = amount.replace(/^[-+]/, '');
  if (unsigned === '') return '0.00';
  const [whole, fraction = ''] = unsigned.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

function project(row: StatementRow): string[] {
  const record: Record<(typeof HEADER)[number], string> = {
    Status: row.status,
    Date: toDayMonthYear(row.booking_date),
    ValueDate: toDayMonthYear(row.value_date),
    Name: row.counterparty_name,
    PartyName: row.counterparty_name,
    PartyIBAN: row.counterparty_iban,
    Description: row.remittance_info,
    RemittanceInfo: row.remittance_info,
    Amount: atLeastTwoDecimals(row.amount),
    CreditDebit: row.credit_debit,
    Currency: row.currency,
    Product: '',
    AmountExclTax: '0.00',
    TaxRate: '0.00',
    InvestmentType: '',
    Number: '',
    Category: row.category,
    Type: '',
    Fund: '',
    NumberOfShares: '0',
    Fees: '0.00',
    IBAN: row.account_iban,
    EntryReference: row.entry_reference,
    Reference: row.end_to_end_id,
    AccountServicer: row.account_servicer_reference,
    BankTxCode: row.bank_transaction_code,
    OriginalCurrency: row.original_currency,
    OriginalAmount: atLeastTwoDecimals(row.original_amount),
    ExchangeRate: row.exchange_rate === '' ? '0.00' : row.exchange_rate,
  };
  return HEADER.map((column) => record[column]);
}

export const camtCsvStandard: CsvPreset = {
  name: 'camt-csv-standard',
  description: "fjacquet/camt-csv's 29-column standard layout (DD.MM.YYYY dates, unsigned amounts).",
  header: HEADER,
  project,
};
