import { Decimal } from '../decimal';
import { reconcileBalances, type BookedMovement } from '../reconcile';
import type { Balance, ParseIssue, SourceLocation, StatementHeader } from '../types';
import type { ReportedTotal } from './balance';

/** What the end-of-statement checks need to know about one MT940/MT942 statement. */
export interface StatementTotals {
  header: StatementHeader;
  isMt942: boolean;
  opening: Balance | undefined;
  closing: Balance | undefined;
  movement: BookedMovement;
  reported: readonly { tag: string; total: ReportedTotal; location: SourceLocation }[];
  /** The currency the entries are read in, when known. */
  currency?: string;
}

/** SWIFT's names for the balance fields: 60F first opening, 60M/62M intermediate, 62F final closing. */
const BALANCE_NAMES: Readonly<Record<string, string>> = {
  ':60F:': 'first',
  ':60M:': 'intermediate',
  ':62F:': 'final',
  ':62M:': 'intermediate',
};

function describeBalance(balance: Balance): string {
  const tag = balance.location?.path;
  const name = tag === undefined ? undefined : BALANCE_NAMES[tag];
  return tag === undefined || name === undefined ? balance.type : `${tag} (${name})`;
}

/**
 * The problems a complete statement can have: MT940 requires an opening (:60F:/:60M:) and a
 * closing (:62F:/:62M:) balance (a missing opening is a warning: it loses no entry), and opening + booked credits − debits must equal the
 * closing, intermediate pages included. MT942 has no balances to reconcile; it states the
 * sums of its debit (`:90D:`) and credit (`:90C:`) entries, which are checked instead.
 */
export function statementProblems(statement: StatementTotals): ParseIssue[] {
  const problems: ParseIssue[] = [];
  const { header, opening, closing } = statement;
  const missing = (message: string): ParseIssue => ({
    code: 'MISSING_ELEMENT',
    severity: 'error',
    message,
    location: header.location,
  });
  if (!statement.isMt942 && !opening) {
    // The entries are all there, in the currency a later balance (or `:25:`) gives; without one at
    // all the held entries are refused (see Mt940StatementBuilder.release).
    problems.push({
      ...missing(
        'expected an opening balance :60F: or :60M: in the statement: its entries are read, but there is no opening balance to reconcile them against',
      ),
      severity: 'warning',
    });
  }
  if (!statement.isMt942 && !closing)
    problems.push(missing('expected a closing balance :62F: or :62M: in the statement'));
  if (opening && closing && opening.money.currency !== closing.money.currency) {
    // Nothing can be reconciled across currencies; the entries are in the opening's currency.
    problems.push({
      code: 'INVALID_VALUE',
      severity: 'warning',
      message: `the closing balance ${describeBalance(closing)} is in ${closing.money.currency}, but the opening balance ${describeBalance(opening)} on line ${opening.location?.line ?? 0} is in ${opening.money.currency}: the balances cannot be reconciled`,
      location: closing.location ?? header.location,
    });
  } else if (opening && closing) {
    // The shared reconciliation reads OPBD → CLBD; :60M:/:62M: pages are ITBD, so present them
    // as such to it, and name them in the message as they are written.
    const balances = [
      { ...opening, type: 'OPBD' },
      { ...closing, type: 'CLBD' },
    ];
    const issue = reconcileBalances(
      { balances, location: header.location, statementId: header.statementId },
      statement.movement,
      describeBalance,
    );
    if (issue) problems.push(issue);
  }
  for (const { tag, total, location } of statement.reported) {
    // A sum in another currency than the entries' (reported where it is read) is compared with
    // the entries' sum: the figures still show whether entries are missing.
    const entries = statement.currency ?? total.currency;
    const currency = statement.movement.get(total.currency) === undefined ? entries : total.currency;
    const sums = statement.movement.get(currency);
    const actual = (tag === '90D' ? sums?.debits : sums?.credits) ?? Decimal.zero();
    if (actual.eq(total.amount)) continue;
    const added = currency === total.currency ? actual.toString() : `${actual.toString()} ${currency}`;
    problems.push({
      code: 'UNRECONCILED_BALANCE',
      severity: 'error',
      message: `:${tag}: reports ${tag === '90D' ? 'debits' : 'credits'} of ${total.amount.toString()} ${total.currency}, but the entries add up to ${added}`,
      location,
    });
  }
  return problems;
}
