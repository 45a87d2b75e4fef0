import { TransactionIdSet } from './id-set';

/** What the merge needs of a row: its stable id and its status (`BOOK`, `PDNG`, `INFO`). */
export interface MergeRow {
  transaction_id: string;
  status: string;
}

/** Why a row was left out of the merged output. */
export type DropReason =
  /** Another row with the same id was already written (the same booking in an overlapping statement). */
  | 'duplicate'
  /** A row not booked (pending) whose booked version appears in the input: the booking counts once, as booked. */
  | 'pending-superseded'
  /** An earlier run (`--since-last`) already wrote this booking. */
  | 'written-earlier';

export interface DeduplicatorOptions<R> {
  /** Ids of the booked rows an earlier run wrote; rows with these ids are dropped as `written-earlier`. */
  earlier?: TransactionIdSet;
  /** Told about every dropped row, for a dry-run report. */
  onDrop?: (row: R, reason: DropReason) => void;
}

/**
 * Lets each booking through once, in input order. Booked rows (`BOOK`) are decided at once; a row
 * that is not booked yet (`PDNG`, and `FUTR` or `INFO`, which no ledger has booked either) is held
 * back until the end (`finish`), because a later statement may book it: the booking then counts
 * once, as booked, whichever file came first. Memory: the id set (8 bytes per distinct id) plus
 * the rows still waiting, never the booked rows.
 */
export class Deduplicator<R extends MergeRow> {
  /**
   * Ids of the booked rows let through: what a `--since-last` state file remembers. A row that is
   * not booked is left out on purpose, so a later run writes it again while it is pending, and once
   * more when a statement books it (remembered, it would drop the booking as written earlier).
   */
  readonly written = new TransactionIdSet();
  private readonly pending = new Map<string, R>();
  private readonly earlier: TransactionIdSet | undefined;
  private readonly onDrop: (row: R, reason: DropReason) => void;

  constructor(options: DeduplicatorOptions<R> = {}) {
    this.earlier = options.earlier;
    this.onDrop = options.onDrop ?? (() => undefined);
  }

  /** `true` when the row is to be written now; a row not booked returns `false` and may come back from `finish`. */
  admit(row: R): boolean {
    const id = row.transaction_id;
    // Only booked rows are remembered: an id here was written as booked by an earlier run.
    if (this.earlier?.has(id) === true) return this.drop(row, 'written-earlier');
    if (row.status !== 'BOOK') {
      if (this.pending.has(id)) return this.drop(row, 'duplicate');
      if (this.written.has(id)) return this.drop(row, 'pending-superseded');
      this.pending.set(id, row);
      return false;
    }
    if (!this.written.add(id)) return this.drop(row, 'duplicate');
    const superseded = this.pending.get(id);
    if (superseded !== undefined) {
      this.pending.delete(id);
      this.onDrop(superseded, 'pending-superseded');
    }
    return true;
  }

  /**
   * The rows no booked row replaced, in the order they came; write them last. They stay out of
   * `written`: not booked yet, they are written again by the next run that sees them.
   */
  finish(): R[] {
    const rows = [...this.pending.values()];
    this.pending.clear();
    return rows;
  }

  private drop(row: R, reason: DropReason): false {
    this.onDrop(row, reason);
    return false;
  }
}
