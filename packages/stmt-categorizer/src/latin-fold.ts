/**
 * A per-character table for `foldedWords` and `foldText` on the text banks mostly write that is
 * not plain ASCII: Latin letters with accents, umlauts and ß (below U+0300, where the combining marks start),
 * general punctuation (dashes, quotes, U+2000–U+206F) and the euro sign. For these characters
 * every step of the full fold — NFC, lower case, transliteration, NFKD, dropping marks — acts on
 * each character alone (none of them composes with a neighbour, and each decomposes into a base
 * character first), so the fold of a text is the folds of its characters run together. Each
 * entry is computed once, on first use, by the full fold itself: the table can only ever say
 * what the full fold says (latin-fold.test.ts checks texts of these characters against it).
 */

/** Whether `code` is a character the table holds. */
function tabled(code: number): boolean {
  return code < 0x300 || (code >= 0x2000 && code < 0x2070) || code === 0x20ac;
}

const TABLE_SIZE = 0x20ad;
const table: (string | undefined)[] = new Array<string | undefined>(TABLE_SIZE).fill(undefined);

/** Longest text folded here: a word's character codes are passed to `String.fromCharCode` at once. */
const MAX_LENGTH = 1024;
/** The character codes of the word being folded, reused from call to call (one fold runs per row). */
const codes: number[] = [];

/**
 * Adds the words of the fold of `text` (the fold split at its spaces) to `words` and answers true
 * when all its characters are in the table; else answers false, having added some or none of
 * them. Folded and split in one pass, with no folded text made in between. `foldChar` is the full
 * fold of one character with runs of non-letters/digits made spaces (not yet collapsed);
 * separators of neighbouring characters run together, as in the full fold.
 */
export function foldWordsByTable(text: string, foldChar: (char: string) => string, words: string[]): boolean {
  if (text.length > MAX_LENGTH) return false;
  codes.length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!tabled(code)) return false;
    let piece = table[code];
    if (piece === undefined) {
      piece = foldChar(String.fromCharCode(code));
      table[code] = piece;
    }
    for (let j = 0; j < piece.length; j++) {
      const folded = piece.charCodeAt(j);
      if (folded !== SPACE) codes.push(folded);
      else if (codes.length > 0) {
        words.push(String.fromCharCode(...codes));
        codes.length = 0;
      }
    }
  }
  if (codes.length > 0) words.push(String.fromCharCode(...codes));
  return true;
}

const SPACE = 0x20;
