import { foldWordsByTable } from './latin-fold';

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

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Lower case, umlauts transliterated, accents removed, runs of non-letters/digits reduced to one space. */
export function foldText(text: string): string {
  // Most bank text is plain ASCII (SEPA's character set is nearly that), and for ASCII the
  // Unicode steps below are identities: one lower-casing and one replace give the same result
  // at a fraction of the cost, which matters at a few hundred thousand rows per second.
  if (ASCII_ONLY.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  // Latin text with accents, umlauts and typographic punctuation: folded character by character.
  const words: string[] = [];
  return foldWordsByTable(text, unicodeFold, words) ? words.join(' ') : unicodeFold(text).trim();
}

/** The full fold, separators made spaces but not trimmed. */
function unicodeFold(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
}

/**
 * The words being found, reused from call to call: each call hands out a copy of exactly their
 * number. Cached party profiles keep their words, and an array grown by `push` from empty keeps 17
 * slots or more: on the 50 MB dense camt.053 the converting process peaked about 2 MiB higher.
 */
const found: string[] = [];

/** The words of a text, folded: what keyword rules and the classifier look at. */
export function foldedWords(text: string): string[] {
  // One pass over ASCII text (every row's remittance text goes through here); Latin text with
  // accents goes by the fold table, anything else takes the full Unicode fold.
  const lower = text.toLowerCase();
  found.length = 0;
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) {
      found.length = 0;
      return foldWordsByTable(text, unicodeFold, found) ? found.slice() : splitFolded(unicodeFold(text).trim());
    }
    const isWordCharacter =
      (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
    if (isWordCharacter) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      found.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) found.push(lower.slice(start));
  return found.slice();
}

function splitFolded(folded: string): string[] {
  return folded === '' ? [] : folded.split(' ');
}

const DIGITS_ONLY = /^\d+$/;

/**
 * Words for the classifier. Pure numbers (card numbers, store ids, dates) say nothing about
 * the category and would only spread probability, so they are dropped, as are single letters.
 */
export function classifierTokens(words: readonly string[]): string[] {
  return words.filter((word) => word.length > 1 && !DIGITS_ONLY.test(word));
}

/** `classifierTokens` of a raw text. */
export function tokenize(text: string): string[] {
  return classifierTokens(foldedWords(text));
}

/** The text a row offers to rules and the classifier: party and remittance together. */
export function rowText(party: string | undefined, text: string | undefined): string {
  return [party ?? '', text ?? ''].join(' ').trim();
}
