import iconv from 'iconv-lite';

/**
 * The 8-bit code pages bank files come in when they are not UTF-8, in order of preference when
 * the bytes fit several equally: Western European (German, French, Dutch…), then the two Central
 * European ones (Polish, Czech, Hungarian…), which differ from each other in a few letters.
 */
export const CODE_PAGES = ['windows-1252', 'windows-1250', 'iso-8859-2'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

/** Letters a code page has that real text in its languages rarely uses, while a neighbour's common letters land on them (Hungarian ő, ű read as windows-1252 give õ, û). */
const RARE: Readonly<Record<CodePage, string>> = { 'windows-1252': 'õûÕÛðÐþÞ', 'windows-1250': '', 'iso-8859-2': '' };

/** Per code page, the score of each byte 0x80–0xFF: a letter 2, a rare letter 0, a symbol −1, a control character or hole −3. */
const SCORES: ReadonlyMap<CodePage, Int8Array> = new Map(
  CODE_PAGES.map((page) => {
    const scores = new Int8Array(128);
    for (let byte = 0x80; byte <= 0xff; byte++) {
      const char = iconv.decode(Buffer.from([byte]), page);
      const code = char.codePointAt(0) ?? 0xfffd;
      const score =
        code === 0xfffd || (code >= 0x80 && code <= 0x9f)
          ? -3
          : /[\p{Lu}\p{Ll}]/u.test(char)
            ? RARE[page].includes(char)
              ? 0
              : 2
            : -1;
      scores[byte - 0x80] = score;
    }
    return [page, scores] as const;
  }),
);

/**
 * The code page whose letters the 8-bit bytes of `bytes` most look like, or `undefined` when
 * there are none. A guess from the bytes alone (a Polish `ł` is `³` in windows-1252, an `ś`
 * a control character in ISO-8859-2), so callers say it is one and let `--encoding` decide.
 */
export function guessCodePage(bytes: Uint8Array): CodePage | undefined {
  const totals = new Map<CodePage, number>(CODE_PAGES.map((page) => [page, 0]));
  let high = 0;
  // A UTF-8 byte-order mark (`EF BB BF`) is no text in any code page: with it counted, `ď»ż` in
  // windows-1250 outscored `ï»¿` in windows-1252 and a file's guess changed with its mark.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte < 0x80) continue;
    high++;
    for (const page of CODE_PAGES)
      totals.set(page, (totals.get(page) ?? 0) + ((SCORES.get(page) as Int8Array)[byte - 0x80] as number));
  }
  if (high === 0) return undefined;
  let best: CodePage = CODE_PAGES[0];
  for (const page of CODE_PAGES) if ((totals.get(page) ?? 0) > (totals.get(best) ?? 0)) best = page;
  return best;
}

const LETTERS = new Map<string, Uint8Array>();

/**
 * Whether each of `bytes` (all 0x80 or more) is a letter in the 8-bit `encoding`: false when one
 * is a symbol, a control character or a hole there. A UTF-8 sequence read in an 8-bit code page
 * that gives letters only (ISO-8859-2 `ÓŁ`, `D3 A3`) may be text in that code page; one that gives
 * a symbol (Windows-1252 `Ã©`, `C3 A9`) is hardly ever written on purpose.
 */
export function readsAsLetters(bytes: Uint8Array, encoding: string): boolean {
  let letters = LETTERS.get(encoding);
  if (letters === undefined) {
    letters = new Uint8Array(128);
    for (let byte = 0x80; byte <= 0xff; byte++)
      letters[byte - 0x80] = /\p{L}/u.test(iconv.decode(Buffer.from([byte]), encoding)) ? 1 : 0;
    LETTERS.set(encoding, letters);
  }
  for (const byte of bytes) if (byte < 0x80 || letters[byte - 0x80] !== 1) return false;
  return true;
}
