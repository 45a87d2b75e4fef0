import type { Decimal } from '../decimal';
import type { Account, CreditDebit, Entry, Party, SourceLocation, TransactionDetail } from '../types';
import { parseInformation } from './information';
import type { StatementLine } from './statement-line';

/** A `:61:` line waiting for the `:86:` lines that may follow it. */
export interface PendingEntry {
  line: StatementLine;
  amount: Decimal;
  location: SourceLocation;
  information: string[];
}

export interface EntryContext {
  statementId: string;
  statementIndex: number;
  account: Account;
  currency: string;
  index: number;
}

/** Turns a `:61:` line and its `:86:` text into an entry, with the `:86:` content as its one transaction detail. */
export function buildEntry(pending: PendingEntry, context: EntryContext): Entry {
  const { line } = pending;
  const entry: Entry = {
    statementId: context.statementId,
    statementIndex: context.statementIndex,
    account: context.account,
    index: context.index,
    money: { amount: pending.amount, currency: context.currency },
    creditDebit: line.creditDebit,
    // SWIFT field 61 carries booked entries only; MT942 interim entries are booked too.
    status: 'BOOK',
    bookingDate: line.entryDate ?? line.valueDate,
    valueDate: line.valueDate,
    reversal: line.reversal,
    bankTransactionCode: line.transactionType,
    charges: [],
    details: [],
    location: pending.location,
  };
  if (line.customerReference) entry.entryReference = line.customerReference;
  if (line.bankReference) entry.accountServicerReference = line.bankReference;
  if (line.supplementaryDetails) entry.additionalInfo = line.supplementaryDetails;
  // A reversal keeps the parties of the transaction it reverses: a returned direct debit (RD,
  // booked as a credit) still names the creditor that collected it.
  const original: CreditDebit = line.reversal ? (line.creditDebit === 'CRDT' ? 'DBIT' : 'CRDT') : line.creditDebit;
  const detail = pending.information.length > 0 ? buildDetail(pending.information, original) : undefined;
  if (detail) entry.details.push(detail);
  return entry;
}

/** `originalDirection` is the direction of the underlying transaction (see reversals above). */
function buildDetail(lines: readonly string[], originalDirection: CreditDebit): TransactionDetail | undefined {
  const info = parseInformation(lines);
  const detail: TransactionDetail = {};
  if (info.endToEndId) detail.endToEndId = info.endToEndId;
  if (info.mandateId) detail.mandateId = info.mandateId;
  if (info.creditorId) detail.creditorId = info.creditorId;
  if (info.creditorReference) detail.creditorReference = info.creditorReference;
  if (info.purposeCode) detail.purposeCode = info.purposeCode;
  if (info.returnReason) detail.returnReasonCode = info.returnReason;
  if (info.ultimateDebtor) detail.ultimateDebtor = { name: info.ultimateDebtor };
  if (info.ultimateCreditor) detail.ultimateCreditor = { name: info.ultimateCreditor };
  if (info.remittanceInfo) detail.remittanceInfo = info.remittanceInfo;
  if (info.transactionCode) detail.bankTransactionCode = info.transactionCode;
  if (info.bookingText) detail.additionalInfo = info.bookingText;
  if (hasParty(info.counterparty)) {
    // The counterparty is the creditor of a debit and the debtor of a credit.
    if (originalDirection === 'DBIT') detail.creditor = info.counterparty;
    else detail.debtor = info.counterparty;
  }
  return Object.keys(detail).length > 0 ? detail : undefined;
}

function hasParty(party: Party): boolean {
  return Object.keys(party).length > 0;
}
