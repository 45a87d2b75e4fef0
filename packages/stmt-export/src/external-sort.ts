import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Heap } from 'heap-js';
import { outputError } from './errors';
import {
  removeStaleTempFiles,
  SORT_FOLDER_PATTERN,
  SORT_FOLDER_PREFIX,
  trackTempPath,
  untrackTempPath,
} from './temp-files';

export interface ExternalSortOptions<T> {
  compare: (a: T, b: T) => number;
  /** Estimated bytes one item holds in memory. */
  sizeOf: (item: T) => number;
  /** One line of text (no line break) that `deserialize` turns back into an equal item. */
  serialize: (item: T) => string;
  deserialize: (line: string) => T;
  /** Items held in memory before a sorted run goes to a temporary file; 32 MiB by default. */
  memoryBytes?: number;
  /** Where the runs go; the system's temporary folder (TMPDIR) by default. */
  tempDir?: string;
}

const DEFAULT_MEMORY_BYTES = 32 * 2 ** 20;

/**
 * A stable sort in bounded memory. Items are held until `memoryBytes`; a file that fits is
 * sorted in memory, as `Array.prototype.sort` would. Beyond that, sorted runs go to temporary
 * files and `sorted()` merges them (k-way, a heap). Items that arrive in order need no buffering:
 * once a run is open they are appended to it as they come, so an input already in order makes
 * one run, however large. Ties keep their input order: every item of an earlier run came before
 * every item of a later one, and the merge prefers the earlier run.
 *
 * The run folder is tracked (`removeTrackedTempFilesSync`) while it exists; call `dispose()` on
 * every path out, as `finally` does.
 */
export class ExternalSorter<T> {
  private readonly memoryBytes: number;
  private buffer: T[] = [];
  private bufferBytes = 0;
  private dir: string | undefined;
  private readonly runs: string[] = [];
  private open: RunWriter | undefined;
  /** The last item appended to the open run: later items at least as large can follow it there. */
  private openLast: T | undefined;

  constructor(private readonly options: ExternalSortOptions<T>) {
    this.memoryBytes = options.memoryBytes ?? DEFAULT_MEMORY_BYTES;
  }

  /** How many runs went to disk so far (0: everything fitted in memory). */
  get spilledRuns(): number {
    return this.runs.length;
  }

  async add(items: readonly T[]): Promise<void> {
    const { compare, sizeOf } = this.options;
    for (const item of items) {
      if (
        this.buffer.length === 0 &&
        this.open !== undefined &&
        this.openLast !== undefined &&
        compare(this.openLast, item) <= 0
      ) {
        await this.open.write(this.options.serialize(item));
        this.openLast = item;
        continue;
      }
      this.buffer.push(item);
      this.bufferBytes += sizeOf(item);
      if (this.bufferBytes >= this.memoryBytes) await this.spill();
    }
  }

  /** Every item added, in order. Call once, after the last `add`. */
  async *sorted(): AsyncGenerator<T> {
    if (this.runs.length === 0) {
      const items = this.takeSortedBuffer();
      yield* items;
      return;
    }
    await this.spill();
    await this.closeOpenRun();
    yield* this.merge();
  }

  /** Removes the temporary runs; safe to call at any point and more than once. */
  async dispose(): Promise<void> {
    this.buffer = [];
    if (this.open !== undefined) await this.open.destroy();
    this.open = undefined;
    if (this.dir === undefined) return;
    await rm(this.dir, { recursive: true, force: true });
    untrackTempPath(this.dir);
    this.dir = undefined;
  }

  private takeSortedBuffer(): T[] {
    const items = this.buffer.sort(this.options.compare);
    this.buffer = [];
    this.bufferBytes = 0;
    return items;
  }

  /** The buffer, sorted, continues the open run when it can follow it; else it starts a new run. */
  private async spill(): Promise<void> {
    if (this.buffer.length === 0) return;
    const items = this.takeSortedBuffer();
    const first = items[0] as T;
    if (this.open === undefined || this.openLast === undefined || this.options.compare(this.openLast, first) > 0) {
      await this.closeOpenRun();
      this.open = await this.newRun();
    }
    for (const item of items) await this.open.write(this.options.serialize(item));
    this.openLast = items[items.length - 1];
  }

  private async newRun(): Promise<RunWriter> {
    if (this.dir === undefined) {
      const base = this.options.tempDir ?? tmpdir();
      // Runs of sorts killed outright (SIGKILL) would otherwise stay until the next reboot.
      await removeStaleTempFiles(base, { pattern: SORT_FOLDER_PATTERN });
      this.dir = await mkdtemp(join(base, `${SORT_FOLDER_PREFIX}${process.pid}-`)).catch((error: unknown) => {
        throw outputError(base, 'cannot create a temporary folder for sorting there', error);
      });
      trackTempPath(this.dir);
    }
    const path = join(this.dir, `run-${this.runs.length}`);
    this.runs.push(path);
    return new RunWriter(path);
  }

  private async closeOpenRun(): Promise<void> {
    await this.open?.end();
    this.open = undefined;
    this.openLast = undefined;
  }

  private async *merge(): AsyncGenerator<T> {
    const { compare, deserialize } = this.options;
    type Head = { item: T; run: number; lines: AsyncIterator<string> };
    const heap = new Heap<Head>((a, b) => compare(a.item, b.item) || a.run - b.run);
    const readers: AsyncIterator<string>[] = [];
    try {
      for (const [run, path] of this.runs.entries()) {
        const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity })[Symbol.asyncIterator]();
        readers.push(lines);
        const next = await lines.next();
        if (next.done !== true) heap.push({ item: deserialize(next.value), run, lines });
      }
      for (let head = heap.pop(); head !== undefined; head = heap.pop()) {
        yield head.item;
        const next = await head.lines.next();
        if (next.done !== true) heap.push({ item: deserialize(next.value), run: head.run, lines: head.lines });
      }
    } finally {
      for (const lines of readers) await lines.return?.();
    }
  }
}

/** One run file, written with back-pressure; a write error (a full disk) fails the next call. */
class RunWriter {
  private readonly stream: WriteStream;
  private failure: unknown;
  private pending: string[] = [];

  constructor(private readonly path: string) {
    this.stream = createWriteStream(path);
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  async write(line: string): Promise<void> {
    this.pending.push(line);
    if (this.pending.length >= 256) await this.flush();
  }

  async end(): Promise<void> {
    await this.flush();
    this.check();
    const finished = once(this.stream, 'finish');
    this.stream.end();
    await finished.catch((error: unknown) => this.fail(error));
  }

  async destroy(): Promise<void> {
    if (this.stream.closed) return;
    const closed = once(this.stream, 'close');
    this.stream.destroy();
    await closed.catch(() => undefined);
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.check();
    if (!this.stream.write(text)) await once(this.stream, 'drain').catch((error: unknown) => this.fail(error));
  }

  private check(): void {
    if (this.failure !== undefined) this.fail(this.failure);
  }

  private fail(error: unknown): never {
    throw outputError(
      `the temporary sort file ${this.path} (TMPDIR can point to a folder with more space)`,
      'a write failed',
      error,
    );
  }
}
