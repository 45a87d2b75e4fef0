import type { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import { BookedMovement, reconcileBalances } from '../reconcile';
import type { Balance, Entry, SourceLocation, StatementFormat, StatementHeader, StatementRecord } from '../types';
import type { CsvEntryDraft } from './preset';

/** A booked row with the balance after it: its signed amount, that balance, its date and place. */
interface BalancedRow {
  movement: Decimal;
  after: Decimal;
  date: string | undefined;
  location: SourceLocation;
}

interface OpenStatement {
  key: string;
  header: StatementHeader;
  entryCount: number;
  movement: BookedMovement;
  currency: string;
  /** The first and the last booked row with a balance, in file order. */
  first?: BalancedRow;
  last?: BalancedRow;
  /** Pairs of consecutive such rows whose balances chain oldest first, and newest first. */
  chainsForward: number;
  chainsBackward: number;
  earliest?: string;
  latest?: string;
}

/**
 * Groups consecutive rows of one account (product and currency) into a statement. CSV exports
 * state no opening or closing balance; when the bank writes the balance after each row, the
 * balance before the oldest booked row is the opening and the balance after the newest one the
 * closing, and the rows in between must add up. Some banks list the newest row first (ING
 * Germany, Wise): which way the file runs is told by the balances themselves, each row's being
 * the one before it in time plus its amount. The statement runs from its earliest row's date to
 * its latest's, whichever order the rows come in.
 */
export class CsvStatementBuilder {
  private statement: OpenStatement | undefined;
  private index = 0;

  constructor(
    private readonly format: StatementFormat,
    private readonly issues: IssueSink,
  ) {}

  get statementCount(): number {
    return this.index;
  }

  entry(draft: CsvEntryDraft, location: SourceLocation): StatementRecord[] {
    const out: StatementRecord[] = [];
    if (this.statement?.key !== draft.account.key) {
      out.push(...this.finish());
      out.push(this.open(draft, location));
    }
    const statement = this.statement as OpenStatement;
    const header = statement.header;
    const entry: Entry = {
      statementId: header.statementId,
      statementIndex: header.index,
      account: header.account,
      index: statement.entryCount++,
      money: draft.money,
      creditDebit: draft.creditDebit,
      status: draft.status,
      reversal: false,
      charges: draft.charges,
      details: draft.detail ? [draft.detail] : [],
      location,
    };
    if (draft.bookingDate) entry.bookingDate = draft.bookingDate;
    if (draft.valueDate) entry.valueDate = draft.valueDate;
    if (draft.bankTransactionCode) entry.bankTransactionCode = draft.bankTransactionCode;
    if (draft.entryReference) entry.entryReference = draft.entryReference;
    if (draft.accountServicerReference) entry.accountServicerReference = draft.accountServicerReference;
    statement.movement.add(entry);
    const date = draft.bookingDate ?? draft.valueDate;
    if (date && (statement.earliest === undefined || date < statement.earliest)) statement.earliest = date;
    if (date && (statement.latest === undefined || date > statement.latest)) statement.latest = date;
    if (draft.status === 'BOOK' && draft.balanceAfter) this.track(statement, draft.balanceAfter, entry, location);
    out.push({ kind: 'entry', entry });
    return out;
  }

  finish(): StatementRecord[] {
    const statement = this.statement;
    if (!statement) return [];
    this.statement = undefined;
    const balances = statementBalances(statement);
    const issue = reconcileBalances(
      { balances, location: statement.header.location, statementId: statement.header.statementId },
      statement.movement,
    );
    // The balances are derived from a per-row column whose order the bank does not promise
    // (Revolut sorts by start date, balances follow completion), so a mismatch is a warning.
    if (issue) this.issues.report({ ...issue, severity: 'warning' });
    const end = { ...statement.header, balances, entryCount: statement.entryCount };
    if (statement.earliest) end.fromDate = statement.earliest;
    if (statement.latest) end.toDate = statement.latest;
    return [{ kind: 'statement-end', statement: end }];
  }

  private open(draft: CsvEntryDraft, location: SourceLocation): StatementRecord {
    const header: StatementHeader = {
      format: this.format,
      index: this.index++,
      statementId: draft.account.statementId,
      account: draft.account.account,
      location,
    };
    const from = draft.bookingDate ?? draft.valueDate;
    if (from) header.fromDate = from;
    this.statement = {
      key: draft.account.key,
      header,
      entryCount: 0,
      movement: new BookedMovement(),
      currency: draft.account.currency,
      chainsForward: 0,
      chainsBackward: 0,
    };
    return { kind: 'statement-start', statement: { ...header } };
  }

  private track(statement: OpenStatement, after: Decimal, entry: Entry, location: SourceLocation): void {
    const movement = entry.creditDebit === 'CRDT' ? entry.money.amount : entry.money.amount.negated();
    const row: BalancedRow = { movement, after, date: entry.bookingDate, location };
    const previous = statement.last;
    if (previous) {
      if (previous.after.plus(movement).eq(after)) statement.chainsForward++;
      if (after.plus(previous.movement).eq(previous.after)) statement.chainsBackward++;
    }
    statement.first ??= row;
    statement.last = row;
  }
}

/**
 * The opening balance (before the oldest row) and the closing one (after the newest), from the
 * first and last rows with a balance: oldest first unless more of the file's consecutive rows
 * chain newest first.
 */
function statementBalances(statement: OpenStatement): Balance[] {
  const { first, last, currency } = statement;
  if (!first || !last) return [];
  const [oldest, newest] = statement.chainsBackward > statement.chainsForward ? [last, first] : [first, last];
  return [
    balance('OPBD', oldest.after.minus(oldest.movement), currency, oldest.date, oldest.location),
    balance('CLBD', newest.after, currency, newest.date, newest.location),
  ];
}

function balance(
  type: string,
  signedAmount: Decimal,
  currency: string,
  date: string | undefined,
  location: SourceLocation,
): Balance {
  const result: Balance = {
    type,
    money: { amount: signedAmount.abs(), currency },
    creditDebit: signedAmount.isNegative() ? 'DBIT' : 'CRDT',
    location,
  };
  if (date) result.date = date;
  return result;
}
