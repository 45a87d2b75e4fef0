import sax from 'sax';
import { isAsciiLetter, isJsWhitespace } from '../characters';
import { StatementParseError } from '../errors';
import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge, formatSize } from '../limits';
import type { SourceLocation } from '../types';
import { SHOWN, shown } from './repeated-warnings';
/** A piece of OFX markup with the 1-based line and column where it starts. */
export type OfxToken =
  | { type: 'open'; name: string; line: number; column: number }
  | { type: 'close'; name: string; line: number; column: number }
  /** `<NAME/>`, an XML empty element. */
  | { type: 'empty'; name: string; line: number; column: number }
  /**
   * Text; `strays` counts the `<` in it that start no tag (`a < b`, `price<5`, `<MEMO>x<y` with no
   * `>` before the next `<`), read as text, and `firstStray` is the index of the first.
   */
  | { type: 'text'; text: string; cdata: boolean; line: number; column: number; strays?: number; firstStray?: number };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML's named entities (sax's table), which some OFX writers use: `&eacute;`. */
const HTML_ENTITIES = (sax as unknown as { ENTITIES: Readonly<Record<string, string | number>> }).ENTITIES;

/**
 * Replaces the XML/SGML character references OFX files use (`&amp;`, `&#233;`, `&#xE9;`). A
 * numeric reference to no Unicode character (above U+10FFFF, a surrogate, NUL) goes to
 * `invalid`, which throws the caller's error. Another name goes to `other` with what it is read
 * as: an HTML entity's character, else the reference as written (an entity a DTD would declare
 * is never expanded).
 */
export function decodeEntities(
  text: string,
  invalid: (reference: string) => never = invalidReference,
  other?: (reference: string, readAs: string) => void,
): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!(code >= 1 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) invalid(whole);
      return String.fromCodePoint(code);
    }
    const known = ENTITIES[ref.toLowerCase()];
    if (known !== undefined) return known;
    const html = Object.prototype.hasOwnProperty.call(HTML_ENTITIES, ref) ? HTML_ENTITIES[ref] : undefined;
    const readAs = html === undefined ? whole : typeof html === 'number' ? String.fromCodePoint(html) : html;
    other?.(whole, readAs);
    return readAs;
  });
}

function invalidReference(reference: string): never {
  throw new StatementParseError(
    'NOT_WELL_FORMED',
    `the character reference ${reference.slice(0, 20)} names no Unicode character`,
  );
}

export interface OfxTokenizerOptions {
  /** Largest token (a value, a tag, a CDATA section) in characters; default 1 MiB. */
  maxFieldSize?: number;
  fileName?: string;
  /** The innermost open element, to name it when a value is too large. */
  openElement?: () => string;
  /** Where a tag read now would be: the element a tag name too large is named in. */
  tagPath?: () => string;
}

type Pending = 'text' | 'tag' | 'cdata' | 'comment';
const TERMINATOR: Readonly<Record<Pending, string>> = { text: '<', tag: '>', cdata: ']]>', comment: '-->' };
/** A tag shorter than this is simply put in front of the next chunk and read again (it may be the start of `<![CDATA[`); longer tokens, and text, are kept as pieces. */
const SHORT = 9;

/** Index of the first `<` or `>` in `text` from `from`, or -1: the end of a tag, or a `<` before it (then the tag's `<` starts no tag). */
function tagEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3e || code === 0x3c) return i;
  }
  return -1;
}

/**
 * What a `<` starts, as a number so that no object is made per tag: a tag whose `>` is at that
 * index (≥ 0), a tag cut off by the end of the input ({@link TAG_UNCLOSED}), a CDATA section, a
 * comment, nothing ({@link STRAY}: text), or {@link UNDECIDED} until more input comes.
 */
type Markup = number;
const TAG_UNCLOSED = -1;
const STRAY = -2;
const UNDECIDED = -3;
const CDATA = -4;
const COMMENT = -5;
/** No markup known yet. */
const NONE = -6;

/** Receives each token as it is read. */
export type OfxTokenSink = (token: OfxToken) => void;

/**
 * One tokenizer for OFX 1.x (SGML) and 2.x (XML). It knows nothing about nesting: a leaf's
 * value is simply the text up to the next tag, which is all SGML's unclosed leaf tags need.
 *
 * A `<` starts a tag only when a name follows it (`<NAME`, `</NAME`; `<!`, `<?` are declarations)
 * and a `>` comes before any other `<`, as in SGML, where a `<` not followed by a name is text.
 * Any other `<` (`a < b`, `price<5`, a `<b` with no `>` before `</STMTTRN>`) is a bank's text
 * written without `&lt;`: it is read as text, and counted in the text token for a warning.
 * Had it been read as a tag, the tag would swallow what follows up to the next `>` (an end tag),
 * and the file would be refused far from the `<`.
 * Text is fed in chunks of any size. A token cut by a chunk boundary is kept as pieces, and
 * only the new chunk is searched for its end, so every character is looked at a bounded number
 * of times however the input is chunked (`work` counts them); memory holds one token (at most
 * `maxFieldSize` characters) plus one chunk.
 */
export class OfxTokenizer {
  /** Characters examined so far, for the test that proves the work is linear. */
  work = 0;
  private pieces: string[] = [];
  /** What the last `scanText` found, kept here rather than in an object per text token. */
  private readonly scanned: { strays: number; firstStray: number; markup: Markup } = {
    strays: 0,
    firstStray: -1,
    markup: NONE,
  };
  private pendingLength = 0;
  private pending: Pending | undefined;
  private line = 1;
  private column = 1;
  private readonly maxFieldSize: number;

  constructor(private readonly options: OfxTokenizerOptions = {}) {
    this.maxFieldSize = options.maxFieldSize ?? DEFAULT_MAX_FIELD_SIZE;
  }

  /** Hands `sink` the tokens completed by `text`; an unfinished token at the end waits for the next chunk. */
  write(text: string, sink: OfxTokenSink): void {
    let input = text;
    if (this.pending === 'tag' && this.pendingLength >= SHORT && this.pendingIsTag()) {
      // A long tag: the chunk is searched for its `>`, or for a `<` that shows it was text.
      const end = tagEnd(input, 0);
      this.work += end < 0 ? input.length : end + 1;
      if (end < 0) {
        this.keep(input);
        return;
      }
      if (input.charCodeAt(end) === 0x3c) {
        const { line, column } = this;
        const stray = this.takePending() + input.slice(0, end);
        this.advance(stray, 0, stray.length);
        sink({ type: 'text', text: stray, cdata: false, line, column, strays: 1, firstStray: 0 });
        input = input.slice(end);
      } else {
        this.drain(this.takePending() + input.slice(0, end + 1), true, sink);
        input = input.slice(end + 1);
      }
    } else if (this.pending !== undefined && (this.pending === 'text' || this.pendingLength >= SHORT)) {
      const end = this.findEnd(this.pending, input);
      if (end < 0) {
        this.keep(input);
        return;
      }
      this.drain(this.takePending() + input.slice(0, end), true, sink);
      input = input.slice(end);
    } else if (this.pending !== undefined) {
      input = this.takePending() + input;
    }
    this.drain(input, false, sink);
  }

  /** Hands `sink` the remaining tokens; whatever is left in `unterminated` was cut off by the end of input. */
  end(sink: OfxTokenSink): void {
    if (this.pending === undefined) return;
    this.drain(this.takePending(), true, sink);
  }

  /** Where the unconsumed input starts (the end of input, after `end()`). */
  get position(): { line: number; column: number } {
    return { line: this.line, column: this.column };
  }

  /** Where the input fed so far ends: after the unconsumed token kept for the next chunk. */
  get inputEnd(): { line: number; column: number } {
    let { line, column } = this;
    for (const piece of this.pieces) {
      const last = piece.lastIndexOf('\n');
      if (last < 0) {
        column += piece.length;
        continue;
      }
      for (let i = piece.indexOf('\n'); i >= 0; i = piece.indexOf('\n', i + 1)) line++;
      column = piece.length - last;
    }
    return { line, column };
  }

  /** Input that `end()` could not turn into a token: a tag cut off by the end of the file. */
  get unterminated(): string {
    return this.pieces.join('');
  }

  /** Index just past the end of the pending token in `text`, or -1; multi-character ends may start in the pieces. */
  private findEnd(kind: Pending, text: string): number {
    const terminator = TERMINATOR[kind];
    if (terminator.length === 1) {
      const at = text.indexOf(terminator);
      this.work += at < 0 ? text.length : at + 1;
      return at < 0 ? -1 : kind === 'text' ? at : at + 1;
    }
    const overlap = this.tail(terminator.length - 1);
    const at = (overlap + text).indexOf(terminator);
    this.work += at < 0 ? text.length : Math.max(0, at - overlap.length) + terminator.length;
    return at < 0 ? -1 : at - overlap.length + terminator.length;
  }

  /**
   * Tokens of `buffer` from its start. With `complete`, the buffer ends where a token ends
   * (or the input does); otherwise an unfinished token at its end is kept for the next chunk.
   */
  private drain(buffer: string, complete: boolean, sink: OfxTokenSink): void {
    let pos = 0;
    let rest: Pending | undefined;
    /** What the text before `pos` found at `pos`. */
    let known: Markup = NONE;
    /** The first newline at or after `pos` (or -1): each newline is searched for once per buffer. */
    let newline = buffer.indexOf('\n');
    while (pos < buffer.length) {
      const line = this.line;
      const column = this.column;
      let next: number;
      const markup: Markup =
        known !== NONE ? known : buffer.charCodeAt(pos) === 0x3c /* < */ ? this.markupAt(buffer, pos, complete) : STRAY;
      known = NONE;
      if (markup === UNDECIDED) break;
      if (markup === STRAY) {
        const end = this.scanText(buffer, pos, complete, buffer.charCodeAt(pos) === 0x3c);
        // Text, even when it starts with a `<` that starts no tag, goes on in the next chunk as text.
        rest = 'text';
        if (end === buffer.length && !complete) break;
        rest = undefined;
        next = end;
        known = this.scanned.markup;
        const text = buffer.slice(pos, next);
        const { strays, firstStray } = this.scanned;
        sink(
          strays === 0
            ? { type: 'text', text, cdata: false, line, column }
            : { type: 'text', text, cdata: false, line, column, strays, firstStray: firstStray - pos },
        );
      } else if (markup === CDATA) {
        const close = this.search(buffer, ']]>', pos);
        if (close < 0) break;
        next = close + 3;
        sink({ type: 'text', text: buffer.slice(pos + 9, close), cdata: true, line, column });
      } else if (markup === COMMENT) {
        const close = this.search(buffer, '-->', pos);
        if (close < 0) break;
        next = close + 3;
      } else {
        if (markup === TAG_UNCLOSED) break;
        next = markup + 1;
        const token = tagToken(buffer, pos + 1, markup, line, column);
        if (token) sink(token);
      }
      if (newline < 0 || newline >= next) this.column += next - pos;
      else {
        let last: number;
        do {
          this.line++;
          last = newline;
          newline = buffer.indexOf('\n', newline + 1);
        } while (newline >= 0 && newline < next);
        this.column = next - last;
      }
      pos = next;
    }
    if (pos < buffer.length) this.keep(buffer.slice(pos), rest ?? kindAt(buffer, pos));
  }

  /** What the `<` at `pos` starts (see {@link Markup}); `complete` when nothing follows the buffer. */
  private markupAt(buffer: string, pos: number, complete: boolean): Markup {
    const rest = buffer.length - pos;
    if (rest < 9 && !complete && ('<![CDATA['.startsWith(buffer.slice(pos)) || '<!--'.startsWith(buffer.slice(pos))))
      return UNDECIDED; // too little of the tag to tell a CDATA section or comment from a declaration
    const first = buffer.charCodeAt(pos + 1);
    if (first === 0x21 /* ! */) {
      if (buffer.startsWith('<![CDATA[', pos)) return CDATA;
      if (buffer.startsWith('<!--', pos)) return COMMENT;
    }
    if (first === 0x21 /* ! */ || first === 0x3f /* ? */) {
      const close = this.search(buffer, '>', pos);
      return close < 0 ? TAG_UNCLOSED : close;
    }
    const nameAt = first === 0x2f /* / */ ? pos + 2 : pos + 1;
    if (nameAt >= buffer.length) return complete ? STRAY : UNDECIDED;
    if (!isAsciiLetter(buffer.charCodeAt(nameAt))) return STRAY;
    const end = tagEnd(buffer, pos + 1);
    this.work += (end < 0 ? buffer.length : end + 1) - pos;
    if (end < 0) return complete ? TAG_UNCLOSED : UNDECIDED;
    return buffer.charCodeAt(end) === 0x3e /* > */ ? end : STRAY;
  }

  /**
   * Text from `pos` (which may be a `<` that starts no tag) to the next markup, or to the end of
   * the buffer, or to a `<` that cannot be told from a tag before more input comes. Answers where
   * it ends; the `<`s in it that start no tag, and the markup after it, are left in `scanned`.
   */
  private scanText(buffer: string, pos: number, complete: boolean, stray: boolean): number {
    const scanned = this.scanned;
    scanned.strays = 0;
    scanned.firstStray = -1;
    scanned.markup = NONE;
    let at = pos;
    for (;;) {
      if (at < buffer.length && buffer.charCodeAt(at) === 0x3c) {
        // `stray`: the caller found that the `<` at `pos` starts no tag. What the markup that ends
        // the text is goes back with it, so that the tag is not searched again.
        const markup: Markup = stray && at === pos ? STRAY : this.markupAt(buffer, at, complete);
        if (markup !== STRAY) {
          scanned.markup = markup;
          return at;
        }
        if (scanned.firstStray < 0) scanned.firstStray = at;
        scanned.strays++;
        at++;
        continue;
      }
      const lt = this.search(buffer, '<', at);
      if (lt < 0) return buffer.length;
      at = lt;
    }
  }

  /** Whether the pending `<…` may be a start or end tag (not a declaration or processing instruction). */
  private pendingIsTag(): boolean {
    let head = '';
    for (const piece of this.pieces) {
      head += piece;
      if (head.length >= 2) break;
    }
    return head.charCodeAt(1) !== 0x21 && head.charCodeAt(1) !== 0x3f;
  }

  private search(buffer: string, needle: string, from: number): number {
    const at = buffer.indexOf(needle, from);
    this.work += (at < 0 ? buffer.length : at + needle.length) - from;
    return at;
  }

  private keep(piece: string, kind?: Pending): void {
    if (kind !== undefined) this.pending = kind;
    this.pieces.push(piece);
    this.pendingLength += piece.length;
    if (this.pendingLength > this.maxFieldSize) {
      const at = {
        line: this.line,
        column: this.column,
        ...(this.options.fileName === undefined ? {} : { file: this.options.fileName }),
      };
      if (this.pending === 'tag' && this.pendingIsTag()) throw this.tagTooLarge(at);
      const open = this.options.openElement?.() ?? '';
      const name = open.split('/').pop() ?? '';
      const what =
        this.pending === 'text'
          ? name
            ? `<${name}>`
            : 'text'
          : this.pending === 'tag'
            ? 'a declaration'
            : this.pending === 'cdata'
              ? 'a CDATA section'
              : 'a comment';
      throw fieldTooLarge(what, this.maxFieldSize, open ? { ...at, path: open } : at);
    }
  }

  /**
   * A tag name longer than a value may be (`<AAAA…` for 2 MiB): named as a tag, at its `<`, in the
   * element it would be read in, not as the value of the leaf before it.
   */
  private tagTooLarge(at: SourceLocation): StatementParseError {
    let head = '';
    for (const piece of this.pieces) {
      head += piece.slice(0, SHOWN + 2);
      if (head.length > SHOWN + 2) break;
    }
    const path = this.options.tagPath?.() ?? '';
    return new StatementParseError(
      'LIMIT_EXCEEDED',
      `the tag name ${shown(head)} exceeds ${formatSize(this.maxFieldSize)} (--max-field-size): no OFX element has such a name; raise the limit if the file is genuine`,
      { location: path === '' ? at : { ...at, path } },
    );
  }

  /** The last `n` characters kept, across pieces (a 1-byte chunk is a piece of one character). */
  private tail(n: number): string {
    let tail = '';
    for (let i = this.pieces.length - 1; i >= 0 && tail.length < n; i--) tail = (this.pieces[i] as string) + tail;
    return tail.slice(-n);
  }

  private takePending(): string {
    const text = this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join('');
    this.pieces = [];
    this.pendingLength = 0;
    this.pending = undefined;
    return text;
  }

  private advance(buffer: string, from: number, to: number): void {
    let lastNewline = -1;
    for (let i = from; i < to; i++) {
      if (buffer.charCodeAt(i) !== 0x0a) continue;
      this.line++;
      lastNewline = i;
    }
    this.column = lastNewline < 0 ? this.column + (to - from) : to - lastNewline;
  }
}

function kindAt(buffer: string, pos: number): Pending {
  if (buffer.charCodeAt(pos) !== 0x3c) return 'text';
  if (buffer.startsWith('<![CDATA[', pos)) return 'cdata';
  if (buffer.startsWith('<!--', pos)) return 'comment';
  return 'tag';
}

/**
 * The tag between `<` at `from - 1` and `>` at `to`: `OFX`, `/OFX`, `NAME/` (XML empty element);
 * processing instructions and declarations yield nothing.
 */
function tagToken(buffer: string, from: number, to: number, line: number, column: number): OfxToken | undefined {
  const first = buffer.charCodeAt(from);
  if (first === 0x3f /* ? */ || first === 0x21 /* ! */) return undefined;
  if (first === 0x2f /* / */) return { type: 'close', name: tagName(buffer, from + 1, to), line, column };
  const name = tagName(buffer, from, to);
  let last = to - 1;
  while (last >= from && isJsWhitespace(buffer.charCodeAt(last))) last--;
  if (buffer.charCodeAt(last) === 0x2f /* / */) return { type: 'empty', name, line, column };
  return { type: 'open', name, line, column };
}

/** The name at the start of `buffer[from, to)` (a letter: `markupAt` saw to it), up to a blank or `/`; upper-cased. */
function tagName(buffer: string, from: number, to: number): string {
  let end = from;
  let lower = false;
  for (; end < to; end++) {
    const code = buffer.charCodeAt(end);
    if (code === 0x2f /* / */ || isJsWhitespace(code)) break;
    if (code >= 0x61 && code <= 0x7a) lower = true;
  }
  const name = buffer.slice(from, end);
  return lower ? name.toUpperCase() : name;
}
