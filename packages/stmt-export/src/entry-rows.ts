import type { CreditDebit, Entry, Money, Party, TransactionDetail } from '@stmt/parser';
import type { StatementRow } from './columns';

export interface EntryToRowsOptions {
  /** One row per `<TxDtls>` instead of one per entry (for reconciling collective payments). */
  splitBatches?: boolean;
}

/** Separates the remittance lines of a batch entry's transactions when they share one row. */
export const REMITTANCE_JOINER = ' | ';

/**
 * Rows for one booked entry. By default one row per entry, so the rows add up to the statement's
 * balance movement; with `splitBatches`, one row per transaction detail sharing the entry reference.
 */
export function entryToRows(entry: Entry, options: EntryToRowsOptions = {}): StatementRow[] {
  const { details } = entry;
  if (options.splitBatches === true && details.length > 1) {
    // A transaction without its own amount cannot claim the whole entry's amount: that would
    // count the entry several times. Its amount stays empty instead.
    return details.map((detail) => ({
      ...detailRow(entry, detail, detail.creditDebit ?? entry.creditDebit),
      ...(detail.money === undefined ? { amount: '' } : {}),
    }));
  }
  if (details.length === 1 && details[0] !== undefined) {
    // A single detail describes the whole entry; its amount may be in another currency, so the
    // entry's own amount stays authoritative.
    return [{ ...detailRow(entry, details[0], entry.creditDebit), ...entryAmount(entry) }];
  }
  return [batchRow(entry, details)];
}

/** Amount text with the sign of the booking direction; the source scale is kept as written. */
export function signedAmount(amount: string, creditDebit: CreditDebit): string {
  const isZero = /^[0.]*$/.test(amount.replace(/^[-+]/, ''));
  const unsigned = amount.replace(/^[-+]/, '');
  return creditDebit === 'DBIT' && !isZero ? `-${unsigned}` : unsigned;
}

/**
 * The other party is the creditor when money leaves and the debtor when it arrives. A reversal
 * (`<RvslInd>true`) keeps the parties of the original transaction while its direction flips, so
 * the roles flip with it: a returned direct debit is a credit whose counterparty is the creditor.
 */
function counterparty(detail: TransactionDetail, creditDebit: CreditDebit, reversal: boolean): Party | undefined {
  const paying = (creditDebit === 'DBIT') !== reversal;
  return paying ? detail.creditor : detail.debtor;
}

function entryAmount(entry: Entry): Pick<StatementRow, 'amount' | 'currency'> {
  return { amount: signedAmount(entry.money.amount.toString(), entry.creditDebit), currency: entry.money.currency };
}

function baseRow(entry: Entry): StatementRow {
  return {
    booking_date: entry.bookingDate ?? '',
    value_date: entry.valueDate ?? '',
    ...entryAmount(entry),
    credit_debit: entry.creditDebit,
    status: entry.status,
    counterparty_name: '',
    counterparty_iban: '',
    counterparty_bic: '',
    remittance_info: entry.additionalInfo ?? '',
    end_to_end_id: '',
    entry_reference: entry.entryReference ?? '',
    account_servicer_reference: entry.accountServicerReference ?? '',
    bank_transaction_code: entry.bankTransactionCode ?? '',
    account_iban: entry.account.iban ?? entry.account.otherId ?? '',
    statement_id: entry.statementId,
    category: '',
    ...originalAmount(entry.originalMoney, entry.creditDebit),
    exchange_rate: entry.exchangeRate?.toString() ?? '',
    reversal: entry.reversal ? 'true' : 'false',
  };
}

function originalAmount(money: Money | undefined, creditDebit: CreditDebit): Pick<StatementRow, 'original_amount' | 'original_currency'> {
  if (money === undefined) return { original_amount: '', original_currency: '' };
  return { original_amount: signedAmount(money.amount.toString(), creditDebit), original_currency: money.currency };
}

function detailRow(entry: Entry, detail: TransactionDetail, creditDebit: CreditDebit): StatementRow {
  const party = counterparty(detail, creditDebit, entry.reversal);
  const row = baseRow(entry);
  const exchangeRate = detail.exchangeRate ?? entry.exchangeRate;
  return {
    ...row,
    ...(detail.money === undefined
      ? {}
      : { amount: signedAmount(detail.money.amount.toString(), creditDebit), currency: detail.money.currency }),
    credit_debit: creditDebit,
    counterparty_name: party?.name ?? '',
    counterparty_iban: party?.iban ?? party?.otherAccountId ?? '',
    counterparty_bic: party?.bic ?? '',
    remittance_info: detail.remittanceInfo ?? detail.additionalInfo ?? row.remittance_info,
    end_to_end_id: detail.endToEndId ?? '',
    bank_transaction_code: detail.bankTransactionCode ?? row.bank_transaction_code,
    ...(detail.originalMoney === undefined ? {} : originalAmount(detail.originalMoney, creditDebit)),
    exchange_rate: exchangeRate?.toString() ?? '',
  };
}

/** A batch entry on one row: fields all its transactions agree on, remittance lines joined. */
function batchRow(entry: Entry, details: TransactionDetail[]): StatementRow {
  const row = baseRow(entry);
  if (details.length === 0) return row;
  const perDetail = details.map((detail) => detailRow(entry, detail, entry.creditDebit));
  const shared = (column: keyof StatementRow): string => {
    const first = perDetail[0]?.[column] ?? '';
    return perDetail.every((r) => r[column] === first) ? first : '';
  };
  const remittance = perDetail.map((r) => r.remittance_info).filter((text) => text !== '');
  return {
    ...row,
    counterparty_name: shared('counterparty_name'),
    counterparty_iban: shared('counterparty_iban'),
    counterparty_bic: shared('counterparty_bic'),
    remittance_info: [...new Set(remittance)].join(REMITTANCE_JOINER),
    end_to_end_id: shared('end_to_end_id'),
    bank_transaction_code: shared('bank_transaction_code') || row.bank_transaction_code,
  };
}
