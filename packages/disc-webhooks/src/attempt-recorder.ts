import type { ClaimedDelivery } from './claim';
import type { AttemptOutcome, RecordOptions } from './record';
import { recordAttempt } from './record';
import type { AttemptResult } from './sender';
import type { SqlClient } from '@disc/sql';

export interface AttemptRecord {
  delivery: Pick<ClaimedDelivery, 'id' | 'attempt' | 'webhookId'>;
  result: AttemptResult;
  /** When the attempt ended. */
  now: Date;
}

/**
 * Records several attempts in one transaction: one commit (one disk flush) instead of one
 * per attempt. Rows are written in webhook order, so two workers recording at once lock
 * the shared `webhooks` rows in the same order and cannot deadlock.
 */
export async function recordAttempts(
  db: SqlClient,
  records: readonly AttemptRecord[],
  options: Omit<RecordOptions, 'now'>,
): Promise<AttemptOutcome[]> {
  if (records.length === 1)
    return [await recordAttempt(db, records[0]!.delivery, records[0]!.result, { ...options, now: records[0]!.now })];
  const order = records.map((_, index) => index).sort((a, b) => compare(records[a]!, records[b]!));
  return db.transaction(async (tx) => {
    const outcomes: AttemptOutcome[] = new Array<AttemptOutcome>(records.length);
    for (const index of order) {
      const { delivery, result, now } = records[index]!;
      outcomes[index] = await recordAttempt(tx, delivery, result, { ...options, now });
    }
    return outcomes;
  });
}

function compare(a: AttemptRecord, b: AttemptRecord): number {
  return a.delivery.webhookId.localeCompare(b.delivery.webhookId) || a.delivery.id.localeCompare(b.delivery.id);
}

interface Waiting extends AttemptRecord {
  resolve(outcome: AttemptOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit for a worker: an attempt that ends while a write is in flight waits for it and
 * is written with the others that ended meanwhile. Light load writes each attempt at once;
 * heavy load writes them in batches.
 */
export class AttemptRecorder {
  private queue: Waiting[] = [];
  private flushing = false;

  constructor(
    private readonly db: SqlClient,
    private readonly options: Omit<RecordOptions, 'now'>,
  ) {}

  record(record: AttemptRecord): Promise<AttemptOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...record, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        const outcomes = await recordAttempts(this.db, batch, this.options);
        batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
    this.flushing = false;
  }
}
