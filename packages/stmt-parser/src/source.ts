/** The first bytes of a source, and the whole source again (head included) for the parser. */
export interface PeekedSource {
  head: Buffer;
  chunks: AsyncIterable<Buffer>;
  /** The first chunk was a JavaScript string, i.e. text that is already decoded. */
  startsWithString: boolean;
}

/**
 * Reads chunks until at least `minBytes` are buffered (or the source ends), so formats can be
 * sniffed from the head without a second read. Memory stays bounded by `minBytes` plus one
 * chunk; the rest of the source is pulled only as the parser consumes it.
 */
export async function peekSource(source: AsyncIterable<Buffer | string>, minBytes: number): Promise<PeekedSource> {
  const iterator = source[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let size = 0;
  let done = false;
  let startsWithString = false;
  while (size < minBytes) {
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
  const head = buffered.length === 1 ? (buffered[0] as Buffer) : Buffer.concat(buffered);
  return { head, chunks: replay(buffered, done ? undefined : iterator), startsWithString };
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
