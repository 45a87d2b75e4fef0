/** A piece of OFX markup with the 1-based line and column where it starts. */
export type OfxToken =
  | { type: 'open'; name: string; line: number; column: number }
  | { type: 'close'; name: string; line: number; column: number }
  /** `<NAME/>`, an XML empty element. */
  | { type: 'empty'; name: string; line: number; column: number }
  | { type: 'text'; text: string; cdata: boolean; line: number; column: number };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Replaces the XML/SGML character references OFX files use (`&amp;`, `&#233;`, `&#xE9;`); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * One tokenizer for OFX 1.x (SGML) and 2.x (XML). It knows nothing about nesting: a leaf's
 * value is simply the text up to the next `<`, which is all SGML's unclosed leaf tags need.
 * Text is fed in chunks of any size; a tag or text run cut by a chunk boundary is held until
 * it is complete, so memory stays at one token plus one chunk.
 */
export class OfxTokenizer {
  private buffer = '';
  private line = 1;
  private column = 1;

  /** Tokens completed by `text`; an unfinished tag at the end waits for the next chunk. */
  *write(text: string): Generator<OfxToken> {
    this.buffer += text;
    yield* this.drain(false);
  }

  /** The remaining tokens; whatever is left in `unterminated` was cut off by the end of input. */
  *end(): Generator<OfxToken> {
    yield* this.drain(true);
  }

  /** Where the unconsumed input starts (the end of input, after `end()`). */
  get position(): { line: number; column: number } {
    return { line: this.line, column: this.column };
  }

  /** Input that `end()` could not turn into a token: a tag cut off by the end of the file. */
  get unterminated(): string {
    return this.buffer;
  }

  private *drain(final: boolean): Generator<OfxToken> {
    let pos = 0;
    const buffer = this.buffer;
    while (pos < buffer.length) {
      const line = this.line;
      const column = this.column;
      let next: number;
      if (buffer.charCodeAt(pos) !== 0x3c /* < */) {
        const lt = buffer.indexOf('<', pos);
        if (lt < 0 && !final) break;
        next = lt < 0 ? buffer.length : lt;
        yield { type: 'text', text: buffer.slice(pos, next), cdata: false, line, column };
      } else if (buffer.startsWith('<![CDATA[', pos)) {
        const close = buffer.indexOf(']]>', pos);
        if (close < 0) break;
        next = close + 3;
        yield { type: 'text', text: buffer.slice(pos + 9, close), cdata: true, line, column };
      } else if (buffer.startsWith('<!--', pos)) {
        const close = buffer.indexOf('-->', pos);
        if (close < 0) break;
        next = close + 3;
      } else {
        const close = buffer.indexOf('>', pos);
        if (close < 0) break;
        next = close + 1;
        const token = tagToken(buffer.slice(pos + 1, close), line, column);
        if (token) yield token;
      }
      this.advance(buffer, pos, next);
      pos = next;
    }
    this.buffer = buffer.slice(pos);
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

/** `OFX`, `/OFX`, `NAME/` (XML empty element); processing instructions and declarations yield nothing. */
function tagToken(inside: string, line: number, column: number): OfxToken | undefined {
  if (inside.startsWith('?') || inside.startsWith('!')) return undefined;
  if (inside.startsWith('/')) return { type: 'close', name: tagName(inside.slice(1)), line, column };
  const name = tagName(inside);
  if (inside.trimEnd().endsWith('/')) return { type: 'empty', name, line, column };
  return { type: 'open', name, line, column };
}

function tagName(text: string): string {
  const match = /^\s*([^\s/>]+)/.exec(text);
  return (match?.[1] ?? '').toUpperCase();
}
