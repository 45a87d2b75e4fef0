import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { CsvFormat } from './csv-format';
import { outputError } from './errors';

export interface CsvWriterOptions {
  /** The header line's cells, written before the first record (or alone, for an empty file). */
  header: readonly string[];
  /** One character; see `resolveDelimiter` for the names the configuration accepts. */
  delimiter?: string;
  /** Record separator; `\n` by default (camt-csv and most Unix tools), `\r\n` for strict RFC 4180. */
  newline?: string;
  /** Where the CSV goes (a path, or `standard output`), for the message of a failed write. */
  target?: string;
}

/**
 * Records held back before one `format` and one stream write. A call and a write per record
 * cost more than the quoting itself on large statements. Kept small: the records wait in the
 * young generation, and a caller that already hands over batches this large (the CLI: 100 rows)
 * is written straight through.
 */
const BATCH_RECORDS = 100;

/**
 * Writes a CSV incrementally to a Node stream: `CsvFormat` quotes each batch of records as
 * papaparse does (fields holding the delimiter, a quote or a line break), and the writer waits for `drain` so a
 * large statement never piles up in memory. Records are collected into batches of
 * `BATCH_RECORDS`; `end()` writes the rest.
 */
export class CsvWriter {
  private readonly csv: CsvFormat;
  private readonly newline: string;
  private headerWritten = false;
  private pending: string[][] = [];
  /** The first error the stream reported: a full disk, a closed pipe. Every later call throws it. */
  private failure: unknown;

  constructor(
    private readonly out: Writable,
    private readonly options: CsvWriterOptions,
  ) {
    this.newline = options.newline ?? '\n';
    this.csv = new CsvFormat(options.delimiter ?? ',', this.newline);
    // A write error arrives as an event, often after `write` returned; kept, it fails the next call.
    out.on('error', (error: unknown) => (this.failure ??= error));
  }

  async write(records: readonly string[][]): Promise<void> {
    if (!this.headerWritten) await this.writeHeader();
    if (this.pending.length === 0 && records.length >= BATCH_RECORDS) {
      await this.push(this.format(records));
      return;
    }
    for (const record of records) this.pending.push(record);
    if (this.pending.length >= BATCH_RECORDS) await this.flush();
  }

  /**
   * The records' CSV text, each record followed by the newline, to be written with `writeText`
   * (later, and in another order: a sort arranges such texts).
   */
  format(records: readonly (readonly string[])[]): string {
    return this.csv.format(records, this.newline);
  }

  /** Writes text `format` made, as it is: the header first, when it is not out yet. */
  async writeText(text: string | Uint8Array): Promise<void> {
    if (!this.headerWritten) await this.writeHeader();
    await this.flush();
    if (text.length > 0) await this.push(text);
  }

  /** Writes the records collected so far, then ends the stream, resolving once it has flushed. */
  async end(): Promise<void> {
    if (!this.headerWritten) await this.writeHeader();
    await this.flush();
    this.throwIfFailed();
    const finished = once(this.out, 'finish');
    this.out.end();
    await this.settle(finished);
  }

  private async writeHeader(): Promise<void> {
    this.headerWritten = true;
    await this.push(this.format([[...this.options.header]]));
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    await this.push(this.format(batch));
  }

  private async push(text: string | Uint8Array): Promise<void> {
    this.throwIfFailed();
    if (!this.out.write(text)) await this.settle(once(this.out, 'drain'));
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw outputError(this.options.target ?? 'the CSV', 'a write failed', this.failure);
  }

  /** Waits for `drain` or `finish`; `once` rejects when the stream reports an error meanwhile. */
  private async settle(event: Promise<unknown>): Promise<void> {
    try {
      await event;
    } catch (error) {
      this.failure ??= error;
      this.throwIfFailed();
    }
  }
}
