import iconv from 'iconv-lite';
import { positionIn } from './control-characters';
import { StatementParseError } from './errors';
import { firstUtf8Sequence, Utf8Check } from './utf8-check';

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
  return encodingDeclaredIn(head.toString('latin1', 0, Math.min(head.length, 512)))?.name;
}

/** The encoding named by the `<?xml …?>` declaration that starts `text` (white space aside), and the index of the white space before its `encoding`. */
function encodingDeclaredIn(text: string): { name: string; index: number } | undefined {
  const start = text.indexOf('<?xml');
  if (start < 0 || text.slice(0, start).trim() !== '') return undefined;
  const end = text.indexOf('?>', start);
  const declaration = text.slice(start, end < 0 ? undefined : end);
  const match = /\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(declaration);
  const name = match?.[1];
  return match === null || name === undefined ? undefined : { name, index: start + match.index };
}

/**
 * A byte-order mark (which decides the encoding, XML 1.0 Appendix F) followed by an XML
 * declaration that names another encoding (`EF BB BF` then `encoding="ISO-8859-1"`): the mark's
 * encoding, the declared one, and the 1-based line and column of the declaration's `encoding`
 * in the text after the mark. `undefined` when there is no mark, no declaration, or they agree.
 */
export function bomAgainstDeclaration(
  head: Buffer,
): { bom: string; declared: string; line: number; column: number } | undefined {
  const detected = detectEncoding(head);
  if (detected.source !== 'bom') return undefined;
  const text = iconv.decode(head.subarray(0, 1024), detected.encoding, { stripBOM: true });
  const found = encodingDeclaredIn(text);
  if (found === undefined) return undefined;
  const declared = found.name;
  const family = (name: string): string =>
    isUtf8Name(name)
      ? 'utf-8'
      : isWideUnicodeName(name)
        ? name
            .toLowerCase()
            .replace(/^utf-?/, '')
            .slice(0, 2)
        : name;
  if (family(declared) === family(detected.encoding)) return undefined;
  return { bom: detected.encoding, declared, ...positionIn(text, found.index + 1, 1, 1) };
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
  onLooksLikeUtf8?: LooksLikeUtf8,
  onNotUtf8?: NotUtf8Fallback,
  onWindows1252?: Windows1252Found,
): AsyncIterable<string> {
  let decoder = createDecoder(encoding);
  const relabelled = new Windows1252Watch(encoding, onWindows1252);
  /** Decodes `bytes` of a byte-per-character encoding, reporting the first relabelled byte with the text it is in. */
  const decode = (bytes: Buffer): string => {
    const text = decoder.write(bytes);
    relabelled.check(bytes, text);
    return text;
  };
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
  // The last bytes of the chunk before, when they may begin a UTF-8 sequence the next chunk ends.
  let carried: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    // Where the chunk's first UTF-8 sequence starts: a byte-per-character encoding has its
    // character at the same index of the text decoded from the chunk (before it, for one that
    // began in the chunk before: however the input is cut, the warning is the same).
    let utf8At: number | undefined;
    if (suspect) {
      const seen = carried.length === 0 ? chunk : Buffer.concat([carried, chunk]);
      const first = firstUtf8Sequence(seen);
      if (first >= 0) {
        suspect = false;
        utf8At = first - carried.length;
      }
      carried = suspect ? trailingHighBytes(seen) : Buffer.alloc(0);
    }
    if (check === undefined) {
      for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
        const text = decode(chunk.subarray(at, at + DECODE_BYTES));
        if (utf8At !== undefined && utf8At < at + DECODE_BYTES) {
          onLooksLikeUtf8?.(text, utf8At - at);
          utf8At = undefined;
        }
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
 * Told, once, that the bytes of a file read in an 8-bit encoding look like UTF-8: the decoded
 * text of the first UTF-8 sequence, about to be handed out, and the sequence's index there
 * (negative when it began in the text handed out before: -1 is that text's last character).
 */
export type LooksLikeUtf8 = (text: string, index: number) => void;

/** The last bytes (up to three, a UTF-8 sequence's start) that are not ASCII: they may begin a character the next chunk ends. */
function trailingHighBytes(bytes: Buffer): Buffer {
  let start = bytes.length;
  while (start > 0 && bytes.length - start < 3 && (bytes[start - 1] as number) >= 0x80) start--;
  return Buffer.from(bytes.subarray(start));
}

/**
 * Told, once, of the first byte of a file read in ISO-8859-1 or US-ASCII that is read as
 * windows-1252 (`windows1252Bytes`): the decoded text it is in, about to be handed out, its index
 * there (one character a byte), and the byte.
 */
export type Windows1252Found = (text: string, index: number, byte: number) => void;

/**
 * Watches the bytes of a file whose label is read as windows-1252 (ISO-8859-1, US-ASCII) for the
 * first byte that label has no text for, and tells `found` of it, once. Any other label: nothing to watch.
 */
export class Windows1252Watch {
  private range: { first: number; last: number } | undefined;

  constructor(
    encoding: string,
    private readonly found: Windows1252Found | undefined,
  ) {
    this.range = found === undefined ? undefined : windows1252Bytes(encoding);
  }

  /** `text` is what `bytes` decoded to. */
  check(bytes: Uint8Array, text: string): void {
    if (this.range === undefined) return;
    const at = indexOfWindows1252Byte(bytes, this.range);
    if (at < 0) return;
    this.range = undefined;
    this.found?.(text, at, bytes[at] as number);
  }
}

/**
 * Told the bytes of a UTF-8 read from the first that is not UTF-8 on; returns the 8-bit encoding
 * to read them and the rest of the input in, or undefined to refuse them (`INVALID_ENCODING`).
 */
export type NotUtf8Fallback = (rest: Buffer) => string | undefined;

/** The warning for 8-bit text whose bytes look like UTF-8, placed at the first UTF-8 sequence. */
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

/**
 * The labels the WHATWG Encoding Standard (what browsers do) reads as windows-1252: ISO-8859-1
 * and US-ASCII. Their bytes 0x80–0x9F (US-ASCII: 0x80–0xFF) are control characters or nothing, and
 * a file labelled so that has them is windows-1252 text (`€`, `„`, `“`, `–`): a common mislabel.
 */
const WINDOWS_1252_LABELS: ReadonlyMap<string, 'latin1' | 'ascii'> = new Map([
  ...[
    'iso-8859-1',
    'iso8859-1',
    'iso88591',
    'iso_8859-1',
    'iso_8859-1:1987',
    'iso-ir-100',
    'latin1',
    'latin-1',
    'l1',
    'cp819',
    'ibm819',
    'csisolatin1',
  ].map((label) => [label, 'latin1'] as const),
  ...['us-ascii', 'ascii', 'ansi_x3.4-1968', 'iso646-us', 'us', 'cp367', 'ibm367', 'csascii'].map(
    (label) => [label, 'ascii'] as const,
  ),
]);

/**
 * For a label the WHATWG Encoding Standard reads as windows-1252 (`WINDOWS_1252_LABELS`), the bytes
 * that label leaves to control characters (or does not define) and windows-1252 reads as text:
 * their first and last value. `undefined` for any other encoding, which is read as it is named.
 */
export function windows1252Bytes(encoding: string): { first: number; last: number } | undefined {
  const kind = WINDOWS_1252_LABELS.get(encoding.toLowerCase());
  return kind === undefined ? undefined : { first: 0x80, last: kind === 'latin1' ? 0x9f : 0xff };
}

/** The encoding iconv-lite decodes a label with: windows-1252 for the labels the WHATWG Encoding Standard reads so, else the label. */
function decoderName(encoding: string): string {
  return windows1252Bytes(encoding) ? 'windows-1252' : encoding;
}

/** The index of the first byte of `bytes` that `windows1252Bytes` gives, or -1. */
export function indexOfWindows1252Byte(bytes: Uint8Array, range: { first: number; last: number }): number {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte >= range.first && byte <= range.last) return i;
  }
  return -1;
}

/** The warning for the first such byte, `byte`, in a file read in `encoding`, where the reader stands. */
export function windows1252Warning(encoding: string, byte: number): string {
  const range = windows1252Bytes(encoding);
  const span = range?.last === 0xff ? '0x80–0xFF' : '0x80–0x9F';
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  return (
    `the file is read as ${encoding.toUpperCase()}, which has no text in bytes ${span}, but the byte ${hex} is here: ` +
    'read as windows-1252 (€ „ “ – …), as browsers read such a file (WHATWG Encoding Standard); ' +
    'if characters come out wrong, name the encoding with --encoding'
  );
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
  if (isUtf8Name(encoding)) return new Utf8Decoder();
  return iconv.getDecoder(decoderName(encoding), { stripBOM: true });
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
  if (!iconv.encodingExists(encoding)) return undefined;
  return iconv.decode(head, decoderName(encoding));
}

/** Whether `name` is an encoding this package can decode (`utf-8`, `latin1`, `windows-1250`, `iso-8859-2`, …). */
export function isSupportedEncoding(name: string): boolean {
  return iconv.encodingExists(name);
}

/** Encodings whose byte offsets can be recovered from character counts, and in which `<`, `>` and `\n` are single ASCII bytes. */
export function splitsCleanly(encoding: string): boolean {
  return /^(utf-?8|us-ascii|ascii|latin-?1|iso-?8859-\d{1,2}|windows-125\d|cp125\d)$/i.test(encoding);
}
