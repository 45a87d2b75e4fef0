import { Decimal } from '../../decimal';
import type { Money, TransactionDetail } from '../../types';
import type { BankCsvPreset, CsvCellProblem, CsvRow, CsvRowResult } from '../preset';

/** Revolut's account statement export (app and web, "Excel/CSV"), current layout. */
const HEADER = ['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'Fee', 'Currency', 'State', 'Balance'] as const;

/** Rows that never moved money (declined, failed, or pending then reverted) are left out. */
const SKIPPED_STATES = new Set(['REVERTED', 'DECLINED', 'FAILED']);
const STATUS: Readonly<Record<string, 'BOOK' | 'PDNG'>> = { COMPLETED: 'BOOK', PENDING: 'PDNG' };

export const revolutPreset: BankCsvPreset = {
  format: 'revolut-csv',
  bank: 'Revolut',
  delimiter: ',',
  header: HEADER,
  readRow,
};

function problem(code: CsvCellProblem['code'], column: string, message: string): CsvRowResult {
  return { kind: 'problem', problem: { code, column, message } };
}

/**
 * Amount and Fee are separate columns and the balance moves by Amount − Fee. The entry carries
 * that movement (so entries add up to the balance, as camt's `<Ntry><Amt>` does); the fee is
 * listed as a charge and the transaction's own amount is kept on its detail.
 */
function readRow(row: CsvRow): CsvRowResult {
  const state = row.State ?? '';
  if (SKIPPED_STATES.has(state)) return { kind: 'skip' };
  const status = STATUS[state];
  if (!status) return problem('INVALID_VALUE', 'State', `expected State COMPLETED, PENDING, REVERTED, DECLINED or FAILED, found ${JSON.stringify(state)}`);
  const currency = row.Currency ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) return problem('INVALID_VALUE', 'Currency', `expected a three-letter currency code, found ${JSON.stringify(currency)}`);
  const amount = Decimal.tryParse((row.Amount ?? '').trim());
  if (!amount) return problem('INVALID_AMOUNT', 'Amount', `expected a decimal amount such as -12.50, found ${JSON.stringify(row.Amount ?? '')}`);
  const feeText = (row.Fee ?? '').trim();
  const fee = feeText === '' ? Decimal.zero(amount.scale) : Decimal.tryParse(feeText);
  if (!fee) return problem('INVALID_AMOUNT', 'Fee', `expected a decimal fee such as 0.00, found ${JSON.stringify(row.Fee ?? '')}`);
  const balanceText = (row.Balance ?? '').trim();
  const balanceAfter = balanceText === '' ? undefined : Decimal.tryParse(balanceText);
  if (balanceText !== '' && !balanceAfter) return problem('INVALID_AMOUNT', 'Balance', `expected a decimal balance, found ${JSON.stringify(balanceText)}`);
  const started = isoDate(row['Started Date']);
  if (started === null) return problem('INVALID_DATE', 'Started Date', `expected a date-time YYYY-MM-DD HH:MM:SS, found ${JSON.stringify(row['Started Date'])}`);
  const completed = isoDate(row['Completed Date']);
  if (completed === null) return problem('INVALID_DATE', 'Completed Date', `expected a date-time YYYY-MM-DD HH:MM:SS, found ${JSON.stringify(row['Completed Date'])}`);

  const product = (row.Product ?? '').trim() || 'Current';
  const movement = amount.minus(fee);
  const description = (row.Description ?? '').trim();
  const direction = movement.isNegative() ? 'DBIT' : 'CRDT';
  const detail: TransactionDetail = { money: { amount: amount.abs(), currency }, creditDebit: amount.isNegative() ? 'DBIT' : 'CRDT' };
  if (description !== '') {
    detail.remittanceInfo = description;
    // Revolut names the merchant or person only in Description; it is the counterparty we have.
    if (direction === 'DBIT') detail.creditor = { name: description };
    else detail.debtor = { name: description };
  }
  const charges: Money[] = fee.isZero() ? [] : [{ amount: fee.abs(), currency }];
  const result: CsvRowResult = {
    kind: 'entry',
    draft: {
      account: { key: `${product}\u0000${currency}`, statementId: `${product}-${currency}`, account: { otherId: `Revolut ${product}`, currency }, currency },
      money: { amount: movement.abs(), currency },
      creditDebit: direction,
      status,
      charges,
      detail,
    },
  };
  if (completed) result.draft.bookingDate = completed;
  if (started) result.draft.valueDate = started;
  if (row.Type) result.draft.bankTransactionCode = row.Type;
  if (balanceAfter) result.draft.balanceAfter = balanceAfter;
  return result;
}

/** `2024-03-01 10:15:42` → `2024-03-01`; empty → undefined; anything else → null (invalid). */
function isoDate(text: string | undefined): string | undefined | null {
  const value = (text ?? '').trim();
  if (value === '') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
