// The files of an external sort: a run written with an index of its key groups, read back group by group.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { outputError } from './errors';

/** Run files are written and read, and sorted output is handed out, in blocks of this size. */
const IO_BYTES = 2 ** 16;

/** A run file and its groups: `keys[i]` for the next `bytes[i]` bytes. */
export interface RunIndex {
  path: string;
  keys: string[];
  bytes: number[];
}

/** One run file, written in blocks with back-pressure, indexing its groups; a write error (a full disk) fails the next call. */
export class RunWriter {
  private readonly stream: WriteStream;
  private failure: unknown;
  private readonly blocks = new Blocks();

  constructor(
    private readonly run: RunIndex,
    private readonly compare: (a: string, b: string) => number,
  ) {
    this.stream = createWriteStream(run.path);
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  /** The key of the last group (only asked once something was appended). */
  get lastKey(): string {
    return this.run.keys[this.run.keys.length - 1] as string;
  }

  /** Copies the bytes in; answers whether a block is ready, for `flush`. */
  append(key: string, bytes: Uint8Array): boolean {
    const { keys, bytes: sizes } = this.run;
    const last = keys.length - 1;
    if (last >= 0 && this.compare(keys[last] as string, key) === 0)
      sizes[last] = (sizes[last] as number) + bytes.length;
    else {
      keys.push(key);
      sizes.push(bytes.length);
    }
    this.blocks.add(bytes);
    return this.blocks.hasFull;
  }

  /** Writes the full blocks, waiting for the file when it lags behind. */
  async flush(): Promise<void> {
    for (const block of this.blocks.takeFull()) await this.write(block);
  }

  async end(): Promise<void> {
    await this.flush();
    const rest = this.blocks.takeRest();
    if (rest !== undefined) await this.write(rest);
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

  private async write(block: Buffer): Promise<void> {
    this.check();
    if (!this.stream.write(block)) await once(this.stream, 'drain').catch((error: unknown) => this.fail(error));
  }

  private check(): void {
    if (this.failure !== undefined) this.fail(this.failure);
  }

  private fail(error: unknown): never {
    throw outputError(
      `the temporary sort file ${this.run.path} (TMPDIR can point to a folder with more space)`,
      'a write failed',
      error,
    );
  }
}

/** Reads a run file group by group through a buffer of `IO_BYTES`. */
export class RunReader {
  private readonly buffer = Buffer.allocUnsafe(IO_BYTES);
  private start = 0;
  private end = 0;
  private position = 0;
  private group = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly run: RunIndex,
    readonly order: number,
  ) {}

  static async open(run: RunIndex, order: number): Promise<RunReader> {
    return new RunReader(await open(run.path, 'r'), run, order);
  }

  get done(): boolean {
    return this.group >= this.run.keys.length;
  }

  get key(): string {
    return this.run.keys[this.group] as string;
  }

  get groupBytes(): number {
    return this.run.bytes[this.group] as number;
  }

  nextGroup(): void {
    this.group++;
  }

  /** Up to `max` (> 0) next bytes, valid until the next call. */
  async read(max: number): Promise<Buffer> {
    if (this.start === this.end) {
      const { bytesRead } = await this.file.read(this.buffer, 0, IO_BYTES, this.position);
      if (bytesRead === 0) throw outputError(this.run.path, 'a temporary sort file ended early', undefined);
      this.position += bytesRead;
      this.start = 0;
      this.end = bytesRead;
    }
    const length = Math.min(max, this.end - this.start);
    this.start += length;
    return this.buffer.subarray(this.start - length, this.start);
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/**
 * Bytes gathered into blocks of `IO_BYTES`, each a new buffer that is never written again. Given
 * the total to come, no block is larger than what is left of it: a small sorted output is one
 * buffer of its own size (a folder of small files sorts each one).
 */
export class Blocks {
  private block: Buffer | undefined;
  private used = 0;
  private full: Buffer[] = [];
  private left: number;

  constructor(total = Number.POSITIVE_INFINITY) {
    this.left = total;
  }

  get hasFull(): boolean {
    return this.full.length > 0;
  }

  /** Copies the bytes in (they may be reused once this returns). */
  add(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length;) {
      const block = (this.block ??= Buffer.allocUnsafe(Math.min(IO_BYTES, Math.max(this.left, bytes.length - at))));
      const length = Math.min(bytes.length - at, block.length - this.used);
      block.set(bytes.subarray(at, at + length), this.used);
      at += length;
      this.used += length;
      this.left -= length;
      if (this.used < block.length) continue;
      this.full.push(block);
      this.block = undefined;
      this.used = 0;
    }
  }

  /** The blocks filled so far. */
  takeFull(): Buffer[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /** The partly filled block, after `takeFull`. */
  takeRest(): Buffer | undefined {
    if (this.block === undefined || this.used === 0) return undefined;
    const rest = this.block.subarray(0, this.used);
    this.block = undefined;
    this.used = 0;
    return rest;
  }
}
