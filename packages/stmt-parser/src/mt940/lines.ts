/** One physical line of a text file, without its line terminator. */
export interface SourceLine {
  text: string;
  /** 1-based line number. */
  line: number;
}

const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Decodes one line: UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252/latin1.
 * SWIFT FIN is ASCII, but bank exports carry names in either encoding and rarely say which;
 * deciding per line keeps a single stray byte from garbling the whole file.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
export function decodeLine(bytes: Buffer): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if ((bytes[i] ?? 0) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return bytes.toString('latin1');
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * Splits a byte stream into lines (LF, CRLF or lone CR) without holding more than one line
 * in memory. Splitting on bytes, before decoding, means a multi-byte character cut by a chunk
 * boundary is always reassembled.
 */
export async function* readLines(source: AsyncIterable<Buffer | string>, decode: (bytes: Buffer) => string = decodeLine): AsyncGenerator<SourceLine> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let lineNumber = 0;
  let first = true;
  let lastWasCr = false;

  const take = (chunk: Buffer, start: number, end: number): Buffer => {
    const tail = chunk.subarray(start, end);
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail], pendingLength + tail.length);
    pending = [];
    pendingLength = 0;
    return bytes;
  };
  const emit = (bytes: Buffer): SourceLine => {
    let body = bytes;
    if (first) {
      first = false;
      if (body.subarray(0, 3).equals(UTF8_BOM)) body = body.subarray(3);
    }
    lineNumber += 1;
    return { text: decode(body), line: lineNumber };
  };

  for await (const raw of source) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      if (byte === LF && lastWasCr && i === start && pendingLength === 0) {
        // Second half of a CRLF whose CR ended the previous line (possibly in the previous chunk).
        lastWasCr = false;
        start = i + 1;
        continue;
      }
      yield emit(take(chunk, start, i));
      lastWasCr = byte === CR;
      start = i + 1;
    }
    if (start < chunk.length) {
      lastWasCr = false;
      const rest = chunk.subarray(start);
      pending.push(Buffer.from(rest));
      pendingLength += rest.length;
    }
  }
  if (pendingLength > 0) yield emit(take(Buffer.alloc(0), 0, 0));
}
