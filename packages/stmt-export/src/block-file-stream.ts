import { close, fsync, write } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * What the stream gathers before one write: a small CSV reaches the file in one system call.
 * 256 KiB, not more: a block, the next one waiting behind it and their concatenation are all in
 * memory at once, which a `--streaming` run within 128 MiB feels (1 MiB blocks cost it 3 MiB).
 */
export const BLOCK_BYTES = 2 ** 18;

type Done = (error?: Error | null) => void;

/**
 * A writable stream over an open file descriptor that gathers what it is given into blocks of up
 * to `BLOCK_BYTES` and writes each with one call. `fs.WriteStream` writes every chunk as it comes:
 * a CSV writer's header and each batch of rows, each a trip to the thread pool, which for a
 * statement of a few rows costs more than the rows. `end()` writes the last block and fsyncs the
 * file before `finish`; the descriptor is closed when the stream is destroyed (after `finish`, or
 * on an error), never while a write is under way.
 */
export class BlockFileStream extends Writable {
  private block: Buffer[] = [];
  private blockBytes = 0;
  private ioUnderWay = false;
  private afterIo: (() => void) | undefined;

  constructor(private readonly fd: number) {
    // While a full block is written, up to another block waits in the stream's own buffer.
    super({ highWaterMark: BLOCK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: Done): void {
    this.block.push(chunk);
    this.blockBytes += chunk.length;
    if (this.blockBytes < BLOCK_BYTES) callback();
    else this.writeBlock(callback);
  }

  override _final(callback: Done): void {
    this.writeBlock((error) => {
      if (error) callback(error);
      else this.io((done) => fsync(this.fd, done), callback);
    });
  }

  override _destroy(error: Error | null, callback: Done): void {
    const closeFile = (): void => close(this.fd, (closeError) => callback(error ?? closeError));
    if (this.ioUnderWay) this.afterIo = closeFile;
    else closeFile();
  }

  private writeBlock(callback: Done): void {
    if (this.blockBytes === 0) return callback();
    const data = this.block.length === 1 ? (this.block[0] as Buffer) : Buffer.concat(this.block, this.blockBytes);
    this.block = [];
    this.blockBytes = 0;
    this.io((done) => this.writeAll(data, 0, done), callback);
  }

  /** `write` may take fewer bytes than asked (a signal, a nearly full disk): the rest follows. */
  private writeAll(data: Buffer, offset: number, done: Done): void {
    write(this.fd, data, offset, data.length - offset, null, (error, written) => {
      if (error) done(error);
      else if (written === 0) done(new Error('the file took no bytes'));
      else if (offset + written < data.length && !this.destroyed) this.writeAll(data, offset + written, done);
      else done();
    });
  }

  /**
   * Runs one file operation. A close requested meanwhile (the stream was destroyed) runs once it
   * is over, and the operation's callback is told the stream is gone, so it starts no other.
   */
  private io(operation: (done: Done) => void, callback: Done): void {
    this.ioUnderWay = true;
    operation((error) => {
      this.ioUnderWay = false;
      const closeFile = this.afterIo;
      if (closeFile === undefined) return callback(error);
      this.afterIo = undefined;
      callback(error ?? new Error('the stream was destroyed during a file operation'));
      closeFile();
    });
  }
}
