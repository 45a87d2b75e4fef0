import { isUtf8 } from 'node:buffer';
import { guessCodePage } from './code-pages';
import { StatementParseError } from './errors';
import type { SourceLocation } from './types';

/**
 * Refuses bytes that are not UTF-8 in a file read as UTF-8, instead of letting the decoder turn
 * them into U+FFFD: a replaced character in a name or remittance line is damage nobody sees.
 * Chunks are checked natively (`isUtf8`) as they stream past, a character cut by a chunk
 * boundary being carried over. Lines are not counted here (that would cost every file for the
 * rare bad one): the reader that consumed the text before the bad byte knows where it stands,
 * and adds the place with `locateEncodingError`.
 */
export class Utf8Check {
  private carry: Buffer | undefined;
  /** The bytes checked last and where in them the bad sequence starts, for `error()`; `rest`: from there to the end of what was written. */
  private bad: { bytes: Buffer; at: number; rest: Buffer } | undefined;

  /** Offset in `chunk` of the first byte of a sequence that is not UTF-8 (0 when it began in the last chunk), or -1. */
  write(chunk: Buffer): number {
    const carried = this.carry?.length ?? 0;
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = completeLength(bytes);
    const body = bytes.subarray(0, whole);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    if (isUtf8(body)) return -1;
    const at = firstInvalid(body);
    this.bad = { bytes: body, at, rest: bytes.subarray(at) };
    return Math.max(0, at - carried);
  }

  /** Bytes of a character cut by the end of the last chunk, held back until the next (0 to 3). */
  held(): number {
    return this.carry?.length ?? 0;
  }

  /** At the end of the input: true when a character was cut off by it (that is not UTF-8 either). */
  endsCut(): boolean {
    if (this.carry) this.bad = { bytes: this.carry, at: 0, rest: this.carry };
    return this.carry !== undefined;
  }

  /**
   * The bytes from the first that is not UTF-8 (as `write` or `endsCut` found it) to the end of
   * what was written, including a character a chunk boundary cut off, which a UTF-8 decoder that
   * was given the earlier chunks holds unfinished: to be read in another encoding instead.
   */
  rest(): Buffer {
    return Buffer.from(this.bad?.rest ?? Buffer.alloc(0));
  }

  /** The error for what `write` or `endsCut` found, without a place yet. */
  error(): StatementParseError {
    return notUtf8(this.bad?.bytes ?? Buffer.alloc(0), this.bad?.at ?? 0);
  }
}

/** The error for bytes that are not UTF-8, without a place yet; `sample` is the chunk they are in, for the code-page hint. */
export function notUtf8(sample: Buffer, at: number): StatementParseError {
  const shown = [...sample.subarray(at, at + 4)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  const guess = guessCodePage(sample);
  const hint = guess
    ? `its 8-bit characters look like ${guess}: convert with --encoding ${guess}`
    : 'say what it is with --encoding (e.g. --encoding windows-1252)';
  return new StatementParseError(
    'INVALID_ENCODING',
    `the file is read as UTF-8, but the bytes ${shown || '(cut off)'} here are not UTF-8; ${hint}`,
  );
}

/** An encoding error without a place gets `where()`, the position the reader reached; anything else passes through. */
export function locateEncodingError(error: unknown, where: () => SourceLocation): unknown {
  if (!(error instanceof StatementParseError) || error.code !== 'INVALID_ENCODING' || error.location) return error;
  return new StatementParseError(error.code, error.detail, { location: where() });
}

/** Length of the prefix of `bytes` that ends on a character boundary (at most 3 bytes are held back). */
function completeLength(bytes: Buffer): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const byte = bytes[n - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

/** The length of the UTF-8 sequence a lead byte starts: 2 to 4, or 0 for a byte that starts none. */
export function utf8SequenceLength(byte: number): number {
  return byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalid(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i] as number;
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(byte);
    if (length === 0 || i + length > bytes.length || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}

/**
 * Where the first multi-byte sequence of `bytes` starts when they look like UTF-8
 * (`looksLikeUtf8`), else -1: the place to name in a warning that 8-bit text looks like UTF-8.
 */
export function firstUtf8Sequence(bytes: Buffer): number {
  if (!looksLikeUtf8(bytes)) return -1;
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return i;
  return -1;
}

/** True when the head has non-ASCII bytes and they all form valid UTF-8 (a cut-off last character is allowed). */
export function looksLikeUtf8(head: Buffer): boolean {
  let sawMultiByte = false;
  for (let i = 0; i < head.length;) {
    const byte = head[i] ?? 0;
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(byte);
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= head.length) return sawMultiByte || k > 1;
      if (((head[i + k] ?? 0) & 0xc0) !== 0x80) return false;
    }
    sawMultiByte = true;
    i += length;
  }
  return sawMultiByte;
}
