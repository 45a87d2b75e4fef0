import { once } from 'node:events';
import type { Writable } from 'node:stream';
import Papa from 'papaparse';

export interface CsvWriterOptions {
  /** The header line's cells, written before the first record (or alone, for an empty file). */
  header: readonly string[];
  /** One character; see `resolveDelimiter` for the names the configuration accepts. */
  delimiter?: string;
  /** Record separator; `\n` by default (camt-csv and most Unix tools), `\r\n` for strict RFC 4180. */
  newline?: string;
}

/**
 * Writes a CSV incrementally to a Node stream: papaparse's `unparse` quotes each batch of records
 * (fields holding the delimiter, a quote or a line break), and the writer waits for `drain` so a
 * large statement never piles up in memory.
 */
export class CsvWriter {
  private readonly delimiter: string;
  private readonly newline: string;
  private headerWritten = false;
  private recordCount = 0;

  constructor(
    private readonly out: Writable,
    private readonly options: CsvWriterOptions,
  ) {
    this.delimiter = options.delimiter ?? ',';
    this.newline = options.newline ?? '\n';
  }

  /** Records written so far, header excluded. */
  get records(): number {
    return this.recordCount;
  }

  async write(records: readonly string[][]): Promise<void> {
    if (!this.headerWritten) await this.writeHeader();
    if (records.length === 0) return;
    this.recordCount += records.length;
    await this.push(this.unparse(records as string[][]) + this.newline);
  }

  /** Writes the header if nothing was written and ends the stream, resolving once it has flushed. */
  async end(): Promise<void> {
    if (!this.headerWritten) await this.writeHeader();
    const finished = once(this.out, 'finish');
    this.out.end();
    await finished;
  }

  private async writeHeader(): Promise<void> {
    this.headerWritten = true;
    await this.push(this.unparse([[...this.options.header]]) + this.newline);
  }

  private unparse(records: string[][]): string {
    return Papa.unparse(records, { delimiter: this.delimiter, newline: this.newline, header: false, quotes: false });
  }

  private async push(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
}
