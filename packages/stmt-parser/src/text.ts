/** Characters a long text is replaced in at a time (`replaceBounded`). */
const PIECE = 64 * 1024;

/**
 * `text.replace(pattern, replacement)` for a global `pattern`, in memory proportional to the
 * text. V8 builds the result of a global replacement as a tree of the parts between matches,
 * flattened only when the string is next read: for a value with millions of matches (a 16 MiB
 * remittance of short words, a cell of quotes) the tree took over 200 MiB. A long text is
 * replaced in pieces of about 64 Ki characters, each flattened at once; a piece ends after a
 * character `notAfter` does not match, so that no match spans two pieces (a pattern matching
 * one character needs none).
 */
export function replaceBounded(text: string, pattern: RegExp, replacement: string, notAfter?: RegExp): string {
  if (text.length <= PIECE) return text.replace(pattern, replacement);
  const pieces: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + PIECE, text.length);
    while (notAfter !== undefined && end < text.length && notAfter.test(text.charAt(end - 1))) end++;
    const piece = text.slice(start, end).replace(pattern, replacement);
    piece.charCodeAt(0); // flattens the tree the replacement built
    pieces.push(piece);
    start = end;
  }
  return pieces.join('');
}

/** Whitespace other than single spaces between words: what `collapseWhitespace` changes. */
const UNCOLLAPSED = /\s\s|[^\S ]|^\s|\s$/;

/** Runs of whitespace made one space, and none at the ends; most text has nothing to change. */
export function collapseWhitespace(text: string): string {
  return UNCOLLAPSED.test(text) ? replaceBounded(text, /\s+/g, ' ', /\s/).trim() : text;
}

const LINE_BREAKS = /[\r\n]+/g;
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;
/** Parts `joinLines` keeps before it joins them into one: millions of short parts cost more than their text. */
const PARTS = 4096;

/**
 * `text` trimmed, with each run of line breaks and the spaces and tabs around it (the indentation
 * of pretty-printed XML) read as one space: what replacing the pattern `[ \t]*[\r\n]+[ \t]*` with
 * a space gives, in linear time. The pattern tries every blank of a long run of blanks with no
 * line break after it, so 100,000 spaces in one `<Ustrd>` took 8 s.
 */
export function joinLines(text: string): string {
  const trimmed = text.trim();
  if (!/[\r\n]/.test(trimmed)) return trimmed;
  const joined: string[] = [];
  let parts: string[] = [];
  let last = 0;
  LINE_BREAKS.lastIndex = 0;
  for (let found = LINE_BREAKS.exec(trimmed); found; found = LINE_BREAKS.exec(trimmed)) {
    let start = found.index;
    while (start > last && isBlank(trimmed.charCodeAt(start - 1))) start--;
    let end = LINE_BREAKS.lastIndex;
    while (end < trimmed.length && isBlank(trimmed.charCodeAt(end))) end++;
    parts.push(trimmed.slice(last, start), ' ');
    if (parts.length >= PARTS) {
      joined.push(parts.join(''));
      parts = [];
    }
    last = end;
    LINE_BREAKS.lastIndex = end;
  }
  parts.push(trimmed.slice(last));
  joined.push(parts.join(''));
  return joined.join('');
}

/** `text` without the copies of `char` at its end: what `replace(/x+$/, '')` gives, in linear time (the pattern tries every run of them that does not end the text). */
export function withoutTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}
