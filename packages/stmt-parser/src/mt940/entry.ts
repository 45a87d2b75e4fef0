import type { Decimal } from '../decimal';
import type { Account, CreditDebit, Entry, Party, SourceLocation, TransactionDetail } from '../types';
import { isCheckedIban, leadingIban } from './identifiers';
import { parseInformation } from './information';
import type { StatementLine } from './statement-line';

/** A `:61:` line waiting for the `:86:` lines that may follow it. */
export interface PendingEntry {
  line: StatementLine;
  amount: Decimal;
  location: SourceLocation;
  /** Where the `:61:` supplementary details begin, when there are any. */
  supplementaryLocation?: SourceLocation;
  /** Where its first `:86:` is. */
  informationLocation?: SourceLocation;
  information: string[];
}

export interface EntryContext {
  statementId: string;
  statementIndex: number;
  account: Account;
  currency: string;
  index: number;
}

/**
 * Turns a `:61:` line and its `:86:` text into an entry, with the `:86:` content as its one
 * transaction detail. `hidden` hears of supplementary details that only the entry's
 * `additionalInfo` carries while the `:86:` gives the row its text (see `placeSupplementary`).
 */
export function buildEntry(
  pending: PendingEntry,
  context: EntryContext,
  hidden?: (text: string) => void,
  problem?: (message: string) => void,
): Entry {
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
    charges: [],
    details: [],
    location: pending.location,
  };
  if (line.transactionType) entry.bankTransactionCode = line.transactionType;
  if (line.customerReference) entry.entryReference = line.customerReference;
  if (line.bankReference) entry.accountServicerReference = line.bankReference;
  // A reversal keeps the parties of the transaction it reverses: a returned direct debit (RD,
  // booked as a credit) still names the creditor that collected it.
  const original: CreditDebit = line.reversal ? (line.creditDebit === 'CRDT' ? 'DBIT' : 'CRDT') : line.creditDebit;
  const detail = pending.information.length > 0 ? buildDetail(pending.information, original, problem) : undefined;
  if (detail) entry.details.push(detail);
  if (line.supplementaryDetails) placeSupplementary(entry, line.supplementaryDetails, original, pending, hidden);
  return entry;
}

/**
 * The `:61:` supplementary details (its second line, or text after a padded reference). Older
 * Rabobank files write the counterparty's account there and leave it out of `:86:`: an IBAN
 * (check digits right) and nothing else is the counterparty's account when `:86:` names none, or
 * when it names the same; an IBAN followed by text on the line (de Volksbank) is the account and
 * the name, on the same terms. Any other text is the entry's `additionalInfo`; a row shows it as its
 * remittance only when `:86:` gives none, so `hidden` hears of it when `:86:` does and does not
 * already hold the text.
 */
function placeSupplementary(
  entry: Entry,
  text: string,
  originalDirection: CreditDebit,
  pending: PendingEntry,
  hidden: ((text: string) => void) | undefined,
): void {
  const detail = entry.details[0];
  const role = originalDirection === 'DBIT' ? 'creditor' : 'debtor';
  const party = detail?.[role];
  if (isCheckedIban(text)) {
    const iban = text.replace(/\s/g, '');
    const named = party?.iban ?? party?.otherAccountId;
    if (named === undefined) {
      if (detail) detail[role] = { ...party, iban };
      else entry.details.push({ [role]: { iban } });
      return;
    }
    if (named.replace(/\s/g, '') === iban) return;
  }
  // de Volksbank writes `IBAN name`: the counterparty's account and name, when `:86:` names no
  // account or the same one (its name then stays, and is filled in when `:86:` gives none).
  const lead = leadingIban(text);
  if (lead) {
    const named = party?.iban ?? party?.otherAccountId;
    if (named === undefined || named.replace(/\s/g, '') === lead.iban) {
      const name = party?.name ?? lead.rest;
      if (detail) detail[role] = { ...party, iban: lead.iban, name };
      else entry.details.push({ [role]: { iban: lead.iban, name } });
      if (name === lead.rest) return;
    }
  }
  entry.additionalInfo = text;
  if (detail && (detail.remittanceInfo !== undefined || detail.additionalInfo !== undefined)) {
    const said = squeeze(pending.information.join(' '));
    if (!said.includes(squeeze(text))) hidden?.(text);
  }
}

/** Text compared without regard to spacing or case. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The tag before the first line of the `:86:` text, on its physical line. */
const INFORMATION_TAG = ':86:';

/** `originalDirection` is the direction of the underlying transaction (see reversals above). */
function buildDetail(
  lines: readonly string[],
  originalDirection: CreditDebit,
  problem?: (message: string) => void,
): TransactionDetail | undefined {
  const info = parseInformation(lines, undefined, INFORMATION_TAG.length);
  for (const message of info.problems ?? []) problem?.(message);
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
  // The ordering party of a credit and the beneficiary of a debit is the other side of the entry:
  // their account is the counterparty's when no other keyword names one.
  const counterparty = { ...info.counterparty };
  const other = originalDirection === 'DBIT' ? info.beneficiary : info.orderingParty;
  if (other && counterparty.iban === undefined && counterparty.otherAccountId === undefined)
    Object.assign(counterparty, other);
  if (hasParty(counterparty)) {
    // The counterparty is the creditor of a debit and the debtor of a credit.
    if (originalDirection === 'DBIT') detail.creditor = counterparty;
    else detail.debtor = counterparty;
  }
  return Object.keys(detail).length > 0 ? detail : undefined;
}

function hasParty(party: Party): boolean {
  return Object.keys(party).length > 0;
}
