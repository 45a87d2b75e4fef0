import type { StatementRecord } from '../types';
import type { DocumentHandler } from './document-handler';

/**
 * Hands out records that `fill()` produces in batches, as an async iterator. Hand-written
 * rather than an async generator: records are handed out of an array with one promise each,
 * where a generator would add its own queue and resumption per record — measurable on files
 * with millions of entries.
 */
export abstract class RecordPump implements AsyncIterator<StatementRecord> {
  protected finished = false;
  private records: StatementRecord[] = [];
  private index = 0;
  private failure: { error: unknown } | undefined;

  /** `handler` collects the records a parse completes; after a failure, those are handed out first. */
  constructor(protected readonly handler: DocumentHandler) {}

  /** Reads on until some records are complete or the input ends; sets `finished` at the end. */
  protected abstract fill(): Promise<StatementRecord[]>;

  /** Releases files and threads; called once, at the end, after a failure or when the consumer stops. */
  protected abstract release(): Promise<void>;

  next(): Promise<IteratorResult<StatementRecord>> {
    // Most calls find a record already parsed: hand it out without an async function's frame.
    if (this.index < this.records.length)
      return Promise.resolve({ done: false, value: this.records[this.index++] as StatementRecord });
    return this.nextAfterFill();
  }

  async return(): Promise<IteratorResult<StatementRecord>> {
    this.finished = true;
    this.records = [];
    await this.release();
    return { done: true, value: undefined };
  }

  private async nextAfterFill(): Promise<IteratorResult<StatementRecord>> {
    for (;;) {
      if (this.index < this.records.length)
        return { done: false, value: this.records[this.index++] as StatementRecord };
      if (this.failure !== undefined) {
        const failure = this.failure;
        this.failure = undefined;
        throw failure.error;
      }
      if (this.finished) {
        await this.release();
        return { done: true, value: undefined };
      }
      // Records completed before a failure are still handed out first, so what a consumer sees
      // does not depend on where chunks were cut.
      try {
        this.records = await this.fill();
      } catch (error) {
        this.finished = true;
        this.failure = { error };
        this.records = this.handler.drain();
        await this.release(); // close the file now, not when the iterator is collected
      }
      this.index = 0;
    }
  }
}
