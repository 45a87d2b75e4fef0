import type { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import { BookedMovement, reconcileBalances } from '../reconcile';
import type { Balance, Entry, SourceLocation, StatementFormat, StatementHeader, StatementRecord } from '../types';
import type { CsvEntryDraft } from './preset';

interface OpenStatement {
  key: string;
  header: StatementHeader;
  entryCount: number;
  movement: BookedMovement;
  opening?: Balance;
  closing?: Balance;
  lastDate?: string;
}

/**
 * Groups consecutive rows of one account (product and currency) into a statement. CSV exports
 * state no opening or closing balance; when the bank writes the balance after each row, the
 * balance before the first booked row is the opening and the balance after the last one the
 * closing, and the rows in between must add up.
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
    if (date) statement.lastDate = date;
    if (draft.status === 'BOOK' && draft.balanceAfter) this.track(statement, draft, entry, location);
    out.push({ kind: 'entry', entry });
    return out;
  }

  finish(): StatementRecord[] {
    const statement = this.statement;
    if (!statement) return [];
    this.statement = undefined;
    const balances = [statement.opening, statement.closing].filter((b): b is Balance => b !== undefined);
    const issue = reconcileBalances(
      { balances, location: statement.header.location, statementId: statement.header.statementId },
      statement.movement,
    );
    // The balances are derived from a per-row column whose order the bank does not promise
    // (Revolut sorts by start date, balances follow completion), so a mismatch is a warning.
    if (issue) this.issues.report({ ...issue, severity: 'warning' });
    const end = { ...statement.header, balances, entryCount: statement.entryCount };
    if (statement.lastDate) end.toDate = statement.lastDate;
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
    this.statement = { key: draft.account.key, header, entryCount: 0, movement: new BookedMovement() };
    return { kind: 'statement-start', statement: { ...header } };
  }

  private track(statement: OpenStatement, draft: CsvEntryDraft, entry: Entry, location: SourceLocation): void {
    const after = draft.balanceAfter as Decimal;
    const currency = draft.account.currency;
    if (!statement.opening) {
      const movement = entry.creditDebit === 'CRDT' ? entry.money.amount : entry.money.amount.negated();
      statement.opening = balance('OPBD', after.minus(movement), currency, entry.bookingDate, location);
    }
    statement.closing = balance('CLBD', after, currency, entry.bookingDate, location);
  }
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
