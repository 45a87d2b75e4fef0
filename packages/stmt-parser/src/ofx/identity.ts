import { createHash } from 'node:crypto';
import { detached } from '../camt/leaf';
import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';
import { EACH, type RepeatedWarnings, shown } from './repeated-warnings';

/** OFX 2.1.1 §11.4.4.3: the values of `<TRNTYPE>`. */
const TRANSACTION_TYPES = new Set([
  ...['CREDIT', 'DEBIT', 'INT', 'DIV', 'FEE', 'SRVCHG', 'DEP', 'ATM', 'POS', 'XFER', 'CHECK', 'PAYMENT'],
  ...['CASH', 'DIRECTDEP', 'DIRECTDEBIT', 'REPEATPMT', 'HOLD', 'OTHER'],
]);

/**
 * A `<TRNTYPE>` OFX does not define (`FOOBAR`) is kept as the row's bank transaction code, as
 * written: it changes no amount or date. One warning per value and file (a file writes its own
 * type on every row), and a closing count.
 */
export function checkTransactionType(
  type: string,
  location: SourceLocation,
  repeats: RepeatedWarnings,
  issues: IssueSink,
): void {
  if (TRANSACTION_TYPES.has(type)) return;
  const name = shown(type);
  const value = JSON.stringify(name);
  const what = [`transaction of type ${value}`, `transactions of type ${value}`] as const;
  if (repeats.take(`TRNTYPE ${name}`, 'INVALID_VALUE', what, location, 1))
    issues.warning(
      'INVALID_VALUE',
      `<TRNTYPE>${name} is not one of the transaction types OFX defines (CREDIT, DEBIT, POS, XFER … OTHER): kept as written as the bank transaction code`,
      location,
    );
}

/** FITIDs remembered per statement: a repeat further apart than this many transactions goes unnoticed, so memory stays bounded. */
const FITIDS_KEPT = 10_000;
/** OFX's longest FITID; a longer one is remembered by its hash. */
const FITID_LENGTH = 255;

/**
 * OFX gives every transaction of an account its own `<FITID>`. Two in one statement with the
 * same FITID are both kept as rows (dropping one could lose a real booking), with a warning at
 * the second naming the first: one booking written twice, or a bank's ids that are not unique.
 * The FITIDs of the last {@link FITIDS_KEPT} transactions are remembered.
 */
export class FitIds {
  /** Each FITID remembered, and its slot in the ring below. */
  private readonly slots = new Map<string, number>();
  /**
   * The FITIDs in the order they came, as a ring of {@link FITIDS_KEPT} slots once full (the
   * next one replaces the oldest), with each one's line and column: only those, so that no path
   * or chunk of the file is kept with it, and no object is made per transaction.
   */
  private readonly keys: string[] = [];
  private readonly lines: number[] = [];
  private readonly columns: number[] = [];
  private next = 0;

  check(fitId: string, location: SourceLocation, repeats: RepeatedWarnings, issues: IssueSink): void {
    const key = fitId.length > FITID_LENGTH ? `#${createHash('sha256').update(fitId).digest('hex')}` : detached(fitId);
    const slot = this.slots.get(key);
    if (slot === undefined) return this.remember(key, location);
    const what = [
      'transaction with the <FITID> of an earlier one',
      'transactions with the <FITID> of an earlier one',
    ] as const;
    if (repeats.take('FITID', 'INVALID_VALUE', what, location, EACH))
      issues.warning(
        'INVALID_VALUE',
        `transaction ${JSON.stringify(shown(fitId))} has the <FITID> of the transaction at line ${this.lines[slot]}, column ${this.columns[slot]}, where OFX gives every transaction of an account its own: both are kept as rows; if they are one booking written twice, remove one`,
        location,
      );
  }

  private remember(key: string, location: SourceLocation): void {
    const slot = this.next;
    this.next = (slot + 1) % FITIDS_KEPT;
    if (slot < this.keys.length) this.slots.delete(this.keys[slot] as string);
    this.keys[slot] = key;
    this.lines[slot] = location.line;
    this.columns[slot] = location.column;
    this.slots.set(key, slot);
  }
}
