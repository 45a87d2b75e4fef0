import crypto, { createHash } from 'node:crypto';
import { TransactionIdSet } from '@stmt/merge';
import { collapseWhitespace, withoutTrailing } from '@stmt/parser';
import type { StatementRow } from './columns';

/**
 * Stable `transaction_id`s: the same booking gets the same id in every re-export of it (a
 * camt.052 intraday report and the camt.053 statement, two monthly MT940 files sharing days).
 * The scheme is documented in docs/csv-columns.md ("transaction_id") and pinned by
 * transaction-id.test.ts and the fixtures' expected CSV files; changing it changes every id users
 * already hold, so it carries a version (`v1`) inside the hash.
 *
 * Identity comes from the bank's own identifiers where the format has them, else from the
 * booking's content. Neither includes the status, so a pending booking and the booked one share
 * their id.
 */
export function identityOf(row: StatementRow, format: string): string[] {
  const ref = row.account_servicer_reference;
  if (format.startsWith('camt.')) {
    // ISO 20022: the servicer's reference is unique per account. The amount and currency take
    // part all the same, so two bookings a bank gave one reference (test files, a reused
    // reference) stay two rows when merged, while a pending booking and the booked one still match.
    const servicer = reference(ref);
    if (servicer !== '') return ['ref', servicer, amountKey(row.amount), row.currency];
    // NtryRef and EndToEndId need not be: an entry number may restart with each statement, and a
    // payer may send the same end-to-end id every month. The day (the value date, the same while
    // pending and once booked), the amount and the currency take part.
    const other = firstOf(reference(row.entry_reference), reference(row.end_to_end_id));
    if (other !== '')
      return ['entry', other, (row.value_date || row.booking_date).slice(0, 10), amountKey(row.amount), row.currency];
  } else if (format === 'mt940' || format === 'mt942') {
    // :61: subfield 8 (bank reference) is often NONREF, so the :86: data (remittance and
    // counterparty), the date and the amount always take part.
    const bank = ref.toUpperCase() === 'NONREF' ? '' : ref;
    return [
      'mt',
      bank,
      day(row),
      amountKey(row.amount),
      row.currency,
      text(row.counterparty_name),
      row.counterparty_iban,
      text(row.remittance_info),
    ];
  } else if (ref !== '') {
    // OFX <FITID> (unique per account by the OFX specification), or a bank-CSV id column. As in
    // camt, the amount and currency take part: Nubank gives a purchase and its IOF tax one FITID.
    return ['ref', ref, amountKey(row.amount), row.currency];
  }
  return [
    'content',
    identityDay(row, format),
    amountKey(row.amount),
    row.currency,
    text(row.counterparty_name),
    row.counterparty_iban,
    text(row.remittance_info),
  ];
}

/**
 * The day in a content identity: the booking day, except in bank CSV exports, whose value date
 * is when the card was used or the transfer started (Revolut's `Started Date`), the same while
 * pending and once completed, whereas the booking date is empty while pending.
 */
function identityDay(row: StatementRow, format: string): string {
  const csv = format === 'revolut-csv' || format === 'bank-csv';
  return (csv ? row.value_date || row.booking_date : row.booking_date || row.value_date).slice(0, 10);
}

/** How many booking days the occurrence counter remembers (rows are close to date order in every format we read). */
const REMEMBERED_DAYS = 8;

/** The ids of one booking day: each seen once in a compact set, the rare repeats counted apart. */
interface DayIds {
  date: string;
  seen: TransactionIdSet;
  /** Made on a day's first repeat: most days have none, and rows cycling through many days would otherwise make one a row. */
  repeats: Map<string, number> | undefined;
}

/**
 * Assigns ids to the rows of one file, in file order. Identical bookings (same identity) are told
 * apart by an occurrence counter: the second gets `-2`, the third `-3`. The counter is kept per
 * booking day for the last few days seen only, so memory does not grow with the number of days;
 * within a day it is 8 to 16 bytes per booking (a `TransactionIdSet`), so a file of a million
 * bookings on one day still converts with `--streaming` in a small heap.
 */
export class TransactionIds {
  /**
   * The remembered days, a ring once full: `oldest` is the next to go. Looked up by comparing
   * dates (the last day first): with eight days that is cheaper than a map, whose entry would be
   * deleted and made again for every row of a file whose rows alternate between many days.
   */
  private readonly days: DayIds[] = [];
  private oldest = 0;
  private last: DayIds | undefined;

  assign(row: StatementRow, format: string): string {
    const base = digest(row.account_iban, identityOf(row, format));
    const day = this.dayOf(identityDay(row, format));
    if (day.seen.add(base)) return base;
    day.repeats ??= new Map();
    const seen = (day.repeats.get(base) ?? 1) + 1;
    day.repeats.set(base, seen);
    return `${base}-${seen}`;
  }

  private dayOf(date: string): DayIds {
    if (this.last?.date === date) return this.last;
    let day: DayIds | undefined;
    for (let at = 0; at < this.days.length && day === undefined; at++)
      if ((this.days[at] as DayIds).date === date) day = this.days[at];
    if (day === undefined) {
      if (this.days.length < REMEMBERED_DAYS) {
        day = { date, seen: new TransactionIdSet(64), repeats: undefined };
        this.days.push(day);
      } else {
        day = this.forgetOldest(date);
      }
    }
    this.last = day;
    return day;
  }

  /**
   * Forgets the oldest day and hands its emptied sets to `date`: rows alternating between days
   * allocate none.
   */
  private forgetOldest(date: string): DayIds {
    const day = this.days[this.oldest] as DayIds;
    this.oldest = (this.oldest + 1) % REMEMBERED_DAYS;
    day.date = date;
    day.seen.clear();
    day.repeats = undefined;
    return day;
  }
}

/** One-shot hashing (Node 20.12 and later): no Hash object per row. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** 16 hex digits (64 bits) of SHA-256 over the versioned identity parts, the account first. */
function digest(account: string, identity: readonly string[]): string {
  let text = `v1\u001f${account}`;
  for (let at = 0; at < identity.length; at++) text += `\u001f${identity[at] as string}`;
  const hex = oneShotHash ? oneShotHash('sha256', text, 'hex') : createHash('sha256').update(text).digest('hex');
  return hex.slice(0, 16);
}

/**
 * A reference, or '' for the placeholders that stand for none: SWIFT's `NONREF` (German banks
 * write it into every `<AcctSvcrRef>` of a camt.052) and the EPC's `NOTPROVIDED`. Taken as
 * references, they would give every booking of an account the same id.
 */
function reference(value: string): string {
  const upper = value.trim().toUpperCase();
  return upper === 'NONREF' || upper === 'NOTPROVIDED' ? '' : value;
}

function firstOf(...values: string[]): string {
  return values.find((value) => value !== '') ?? '';
}

/** The booking day (a date-time keeps its date only), else the value day. */
function day(row: StatementRow): string {
  return (row.booking_date || row.value_date).slice(0, 10);
}

/** `-10.50` and `-10.5` are the same amount: banks differ in the scale they write. */
function amountKey(amount: string): string {
  return amount.includes('.') ? withoutTrailing(withoutTrailing(amount, '0'), '.') : amount;
}

/** Whitespace runs collapse, so a re-wrapped `:86:` or remittance line keeps its id. */
const text = collapseWhitespace;
