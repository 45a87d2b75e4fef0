/** The first bytes of a source, and the whole source again (head included) for the parser. */
export interface PeekedSource {
  head: Buffer;
  chunks: AsyncIterable<Buffer>;
  /** The first chunk was a JavaScript string, i.e. text that is already decoded. */
  startsWithString: boolean;
}

/** Reading on past `minBytes` while the head leaves a question open (see `peekSource`). */
export interface PeekFurther {
  /** Whether the head read so far answers the question (a format is recognised, say). */
  enough(head: Buffer, startsWithString: boolean): boolean;
  /** Bytes after which the head is not read further, whatever `enough` says. */
  maxBytes: number;
}

/**
 * Reads chunks until at least `minBytes` are buffered (or the source ends), so formats can be
 * sniffed from the head without a second read. With `further`, a head that is not `enough` yet
 * is read on, up to `further.maxBytes`: it is asked again each time the head has doubled, so
 * however small the chunks, the head is joined a few times, not once a chunk. Memory stays
 * bounded by `minBytes` (or `maxBytes`) plus one chunk; the rest of the source is pulled only
 * as the parser consumes it.
 */
export async function peekSource(
  source: AsyncIterable<Buffer | string>,
  minBytes: number,
  further?: PeekFurther,
): Promise<PeekedSource> {
  const iterator = source[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let size = 0;
  let done = false;
  let startsWithString = false;
  for (let wanted = minBytes; ;) {
    while (size < wanted) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      if (buffered.length === 0 && typeof next.value === 'string') startsWithString = true;
      const chunk = toBuffer(next.value);
      buffered.push(chunk);
      size += chunk.length;
    }
    if (done || further === undefined || size >= further.maxBytes) break;
    if (further.enough(joined(buffered), startsWithString)) break;
    wanted = Math.min(2 * size, further.maxBytes);
  }
  return { head: joined(buffered), chunks: replay(buffered, done ? undefined : iterator), startsWithString };
}

function joined(buffered: Buffer[]): Buffer {
  return buffered.length === 1 ? (buffered[0] as Buffer) : Buffer.concat(buffered);
}

async function* replay(
  buffered: Buffer[],
  iterator: AsyncIterator<Buffer | string> | undefined,
): AsyncIterable<Buffer> {
  // Chunks are replayed one by one (not as the concatenated head) so chunk boundaries in
  // tests stay exactly the ones the caller chose.
  try {
    yield* buffered;
    buffered.length = 0;
    if (!iterator) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield toBuffer(next.value);
    }
  } finally {
    // A consumer that stops early (or a parse error) must still close the file.
    await iterator?.return?.();
  }
}

function toBuffer(chunk: Buffer | string | Uint8Array): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
