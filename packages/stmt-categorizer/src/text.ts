/**
 * Text normalisation shared by the tiers. Bank exports spell the same party in upper case,
 * with doubled spaces or with and without accents (`CAFÉ`, `Cafe`), so every comparison goes
 * through these functions.
 */

/** Key for exact party mappings: case-insensitive, whitespace collapsed, accents kept. */
export function mappingKey(party: string): string {
  return party.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * German umlauts are written out the way SEPA transliterates them (the SEPA character set has
 * none), so `Überweisung` and `UEBERWEISUNG` fold to the same word; other accents are dropped.
 */
const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower case, umlauts transliterated, accents removed, runs of non-letters/digits reduced to one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Words for the classifier. Pure numbers (card numbers, store ids, dates) say nothing about
 * the category and would only spread probability, so they are dropped, as are single letters.
 */
export function tokenize(text: string): string[] {
  const folded = foldText(text);
  if (folded === '') return [];
  return folded.split(' ').filter((token) => token.length > 1 && !/^\d+$/.test(token));
}

/** The text a row offers to rules and the classifier: party and remittance together. */
export function rowText(party: string | undefined, text: string | undefined): string {
  return [party ?? '', text ?? ''].join(' ').trim();
}
