import iconv from 'iconv-lite';
import { StatementParseError } from './errors';
import { looksLikeUtf8, Utf8Check } from './utf8-check';

/**
 * What decided the encoding: `--encoding`, a byte-order mark, UTF-16 recognised from its bytes
 * without a mark (`pattern`), the XML declaration, or nothing (UTF-8).
 */
export type EncodingSource = 'option' | 'bom' | 'pattern' | 'declaration' | 'default';

export interface DetectedEncoding {
  /** Name iconv-lite understands, lower case (`utf-8`, `iso-8859-1`, `windows-1252`, `utf-16le`). */
  encoding: string;
  source: EncodingSource;
}

/**
 * Decides how to decode a file from its first bytes: a byte-order mark wins, then UTF-16
 * without a mark recognised from its bytes (`utf16WithoutBom`), then the `encoding` of an XML
 * declaration (XML 1.0 §4.3.3), then UTF-8, the XML default. Only the head is inspected; the
 * same rule serves XML and text formats (a text format simply has no declaration).
 */
export function detectEncoding(head: Buffer): DetectedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', source: 'bom' };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', source: 'bom' };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', source: 'bom' };
  const wide = utf16WithoutBom(head);
  if (wide) return { encoding: wide, source: 'pattern' };
  const declared = declaredEncoding(head);
  if (declared) return { encoding: declared.toLowerCase(), source: 'declaration' };
  return { encoding: 'utf-8', source: 'default' };
}

/**
 * UTF-16 without a byte-order mark, from its first two characters: ASCII (a `<`, a letter, a
 * digit, a quote, a space…) each followed (little-endian) or preceded (big-endian) by a NUL byte,
 * as XML 1.0 Appendix F detects `<?` (`3C 00 3F 00`, `00 3C 00 3F`). Text in UTF-8 or an 8-bit
 * code page has no NUL bytes; UTF-32 has two in a row, which this refuses.
 */
export function utf16WithoutBom(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (head.length < 4) return undefined;
  const ascii = (byte: number | undefined): boolean =>
    byte !== undefined && (byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f));
  if (ascii(head[0]) && head[1] === 0 && ascii(head[2]) && head[3] === 0) return 'utf-16le';
  if (head[0] === 0 && ascii(head[1]) && head[2] === 0 && ascii(head[3])) return 'utf-16be';
  return undefined;
}

/**
 * UTF-16 as a guess, for a hint when the format is not recognised: within the first 512 bytes,
 * NUL bytes in at least every other code unit's high byte (Latin text in UTF-16) and in no low
 * byte. A binary file (a PDF, a ZIP) has NUL bytes too, but at even and odd offsets alike.
 */
export function utf16Likely(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const units = Math.min(head.length, 512) >> 1;
  if (units < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < 2 * units; i++) {
    if (head[i] !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  if (even === 0 && odd * 2 >= units) return 'utf-16le';
  if (odd === 0 && even * 2 >= units) return 'utf-16be';
  return undefined;
}

/** The `encoding="…"` of a leading `<?xml …?>` declaration, if any. */
export function declaredEncoding(head: Buffer): string | undefined {
  // The declaration is ASCII by definition, so latin1 reads it whatever the real encoding.
  const text = head.toString('latin1', 0, Math.min(head.length, 512));
  const start = text.indexOf('<?xml');
  if (start < 0 || text.slice(0, start).trim() !== '') return undefined;
  const end = text.indexOf('?>', start);
  const declaration = text.slice(start, end < 0 ? undefined : end);
  return /\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(declaration)?.[1];
}

/**
 * Bytes decoded into one string. A string of up to 32 Ki characters (64 KiB when any lies past
 * latin1) stays under V8's 128 KiB limit for objects of the young generation; a larger one is
 * allocated page by page, which made decoding 50 MB of camt 6 times slower (about 0.4 s, with
 * 256 KiB or 1 MiB chunks, against 0.07 s).
 */
export const DECODE_BYTES = 32 * 1024;

/**
 * Decodes a byte stream chunk by chunk, `DECODE_BYTES` at a time. A character split across two
 * chunks (a two-byte UTF-8 umlaut, a UTF-16 pair) is held back until its last byte arrives, so
 * callers may feed chunks of any size. A leading BOM is dropped.
 */
export async function* decodeChunks(
  source: AsyncIterable<Buffer>,
  encoding: string,
  onLooksLikeUtf8?: () => void,
  onNotUtf8?: NotUtf8Fallback,
): AsyncIterable<string> {
  let decoder = createDecoder(encoding);
  // An 8-bit encoding over bytes that form UTF-8 sequences turns `é` into `Ã©`: say so, once.
  let suspect = onLooksLikeUtf8 !== undefined && !isUtf8Name(encoding) && splitsCleanly(encoding);
  // UTF-8 is checked, not repaired: the text before a bad byte is handed out, then the error
  // (which the reader of that text places with `locateEncodingError`), unless `onNotUtf8` names
  // an encoding to read the rest in.
  let check = isUtf8Name(encoding) ? new Utf8Check() : undefined;
  /** After a bad byte: the rest of the input in the encoding `onNotUtf8` gave, or the error. */
  const fallBack = function* (found: Utf8Check): Generator<string> {
    const rest = found.rest();
    const other = onNotUtf8?.(rest);
    if (other === undefined) throw found.error();
    // The UTF-8 decoder may hold the start of the bad sequence, which `rest` holds too: it is dropped.
    decoder = createDecoder(other);
    check = undefined;
    for (let at = 0; at < rest.length; at += DECODE_BYTES) {
      const text = decoder.write(rest.subarray(at, at + DECODE_BYTES));
      if (text.length > 0) yield text;
    }
  };
  for await (const chunk of source) {
    if (suspect && looksLikeUtf8(chunk)) {
      suspect = false;
      onLooksLikeUtf8?.();
    }
    if (check === undefined) {
      for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
        const text = decoder.write(chunk.subarray(at, at + DECODE_BYTES));
        if (text.length > 0) yield text;
      }
      continue;
    }
    const bad = check.write(chunk);
    const good = bad < 0 ? chunk : chunk.subarray(0, bad);
    for (let at = 0; at < good.length; at += DECODE_BYTES) {
      const text = decoder.write(good.subarray(at, at + DECODE_BYTES));
      if (text.length > 0) yield text;
    }
    if (bad >= 0) yield* fallBack(check);
  }
  if (check?.endsCut()) yield* fallBack(check);
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Told the bytes of a UTF-8 read from the first that is not UTF-8 on; returns the 8-bit encoding
 * to read them and the rest of the input in, or undefined to refuse them (`INVALID_ENCODING`).
 */
export type NotUtf8Fallback = (rest: Buffer) => string | undefined;

/** The warning for 8-bit text whose bytes look like UTF-8, where the reader stands. */
export function looksLikeUtf8Warning(encoding: string): string {
  return `the file is read as ${encoding}, but its bytes from here on look like UTF-8: if names come out as "Ã©" and the like, convert with --encoding utf-8`;
}

/** `utf-8`, `UTF8`, `utf-8-sig`… */
export function isUtf8Name(encoding: string): boolean {
  return /^utf-?8$/i.test(encoding);
}

/** `utf-16le`, `UTF16`, `utf-32be`…: encodings of two or four bytes a code unit, which byte-wise reading cannot split. */
export function isWideUnicodeName(encoding: string): boolean {
  return /^utf-?(16|32)/i.test(encoding);
}

/** A streaming decoder; an encoding name iconv-lite does not know is an `INVALID_VALUE` error. */
export function createDecoder(encoding: string): iconv.DecoderStream {
  if (!iconv.encodingExists(encoding)) {
    throw new StatementParseError(
      'INVALID_VALUE',
      `the file declares the character encoding ${JSON.stringify(encoding)}, which is not supported; ` +
        'expected one such as UTF-8, ISO-8859-1, ISO-8859-15 or windows-1252',
      { location: { line: 1, column: 1 } },
    );
  }
  return isUtf8Name(encoding) ? new Utf8Decoder() : iconv.getDecoder(encoding, { stripBOM: true });
}

/**
 * UTF-8 through the WHATWG `TextDecoder`, which drops a leading BOM as iconv-lite's decoder does
 * and decodes the dense 50 MB camt.053 in 32 KiB chunks in 31–34 ms, against 55–59 ms for
 * iconv-lite's (Node's `StringDecoder`). Readers check UTF-8 before they decode it, so the two
 * never disagree on what replaces a bad byte.
 */
class Utf8Decoder implements iconv.DecoderStream {
  private readonly decoder = new TextDecoder('utf-8');

  write(bytes: Buffer): string {
    return this.decoder.decode(bytes, { stream: true });
  }

  end(): string | undefined {
    return this.decoder.decode() || undefined;
  }
}

/**
 * The first bytes of a file decoded in `encoding` (a byte-order mark dropped), for sniffing its
 * format; `undefined` when iconv-lite does not know the encoding (the parser then says so). A
 * character cut off at the end is harmless there.
 */
export function decodeHead(head: Buffer, encoding: string): string | undefined {
  return iconv.encodingExists(encoding) ? iconv.decode(head, encoding) : undefined;
}

/** Whether `name` is an encoding this package can decode (`utf-8`, `latin1`, `windows-1250`, `iso-8859-2`, …). */
export function isSupportedEncoding(name: string): boolean {
  return iconv.encodingExists(name);
}

/** Encodings whose byte offsets can be recovered from character counts, and in which `<`, `>` and `\n` are single ASCII bytes. */
export function splitsCleanly(encoding: string): boolean {
  return /^(utf-?8|us-ascii|ascii|latin-?1|iso-?8859-\d{1,2}|windows-125\d|cp125\d)$/i.test(encoding);
}
