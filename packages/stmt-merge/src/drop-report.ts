import type { DropReason } from './deduplicator';

/** One dropped row as a report shows it. */
export interface DroppedRow {
  reason: DropReason;
  transactionId: string;
  /** Free text naming the row for a reader: file, line, date, amount. */
  description: string;
}

/**
 * Counts dropped rows per reason and keeps the first few of each as examples, so a dry run over
 * a gigabyte of statements reports in bounded memory.
 */
export class DropReport {
  readonly counts: Record<DropReason, number> = { duplicate: 0, 'pending-superseded': 0, 'written-earlier': 0 };
  readonly examples: DroppedRow[] = [];

  constructor(private readonly examplesPerReason = 20) {}

  add(dropped: DroppedRow): void {
    this.counts[dropped.reason]++;
    if (this.counts[dropped.reason] <= this.examplesPerReason) this.examples.push(dropped);
  }

  get total(): number {
    return this.counts.duplicate + this.counts['pending-superseded'] + this.counts['written-earlier'];
  }

  /** Lines for a person: one per example, then how many more of each reason were left out. */
  lines(): string[] {
    const out = this.examples.map(
      (row) => `  dropped ${row.transactionId} (${REASON_TEXT[row.reason]}): ${row.description}`,
    );
    for (const reason of Object.keys(this.counts) as DropReason[]) {
      const more = this.counts[reason] - this.examplesPerReason;
      if (more > 0) out.push(`  … and ${more} more ${REASON_TEXT[reason]}`);
    }
    return out;
  }

  toJSON(): { dropped: Record<DropReason, number>; examples: DroppedRow[] } {
    return { dropped: { ...this.counts }, examples: this.examples };
  }
}

const REASON_TEXT: Record<DropReason, string> = {
  duplicate: 'duplicate of a row already written',
  'pending-superseded': 'pending, booked in another statement',
  'written-earlier': 'written by an earlier --since-last run',
};
