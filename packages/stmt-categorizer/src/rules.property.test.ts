import fc from 'fast-check';
import { referenceFold, referenceMatchRules } from '../test/reference-rules';
import type { CategoryRule } from './database-files';
import { matchRules, RuleMatcher } from './rules';
import { foldedWords, foldText, rowText, tokenize } from './text';
import type { CategorizeInput } from './types';

// A small vocabulary so that random keywords and texts actually meet, with the spellings
// folding must equate (umlauts, accents, case) and words that are prefixes of others.
const WORDS = [
  'ab',
  'abc',
  'bar',
  'barclays',
  'café',
  'cafe',
  'müller',
  'mueller',
  'über',
  'ueber',
  'straße',
  'strasse',
  'apple',
  'music',
  'x1',
  '42',
  'ai',
  'dubai',
  'é',
];
const SEPARATORS = [' ', '  ', '-', '/', '.', ', ', '\t', '&'];
const PATTERNS = ['ab+c', '\\d{2}', 'm.sic', '^x', 'ü', '\\bbar\\b', 'z*'];

const casing = fc.constantFrom<(word: string) => string>(
  (word) => word,
  (word) => word.toUpperCase(),
  (word) => word.charAt(0).toUpperCase() + word.slice(1),
);
const word = fc.tuple(fc.constantFrom(...WORDS), casing).map(([w, cased]) => cased(w));
const phrase = (maxWords: number): fc.Arbitrary<string> =>
  fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: maxWords }).map((parts) =>
    parts
      .map(([w, s]) => w + s)
      .join('')
      .slice(0, -1),
  );

const rule: fc.Arbitrary<CategoryRule> = fc
  .record({
    name: fc.constantFrom('A', 'B', 'C', 'D'),
    keywords: fc.array(fc.oneof(phrase(3), fc.constantFrom('', '--', 'H&M')), { maxLength: 5 }),
    patterns: fc.subarray(PATTERNS, { maxLength: 2 }),
    appliesTo: fc.constantFrom(undefined, 'DBIT' as const, 'CRDT' as const),
  })
  .map(({ name, keywords, patterns, appliesTo }) => ({
    name,
    keywords,
    patterns: patterns.map((source) => new RegExp(source, 'iu')),
    ...(appliesTo ? { appliesTo } : {}),
  }));

const row: fc.Arbitrary<CategorizeInput> = fc
  .record({
    party: fc.option(fc.oneof(phrase(5), fc.constant('...')), { nil: undefined }),
    text: fc.option(phrase(8), { nil: undefined }),
    dbit: fc.boolean(),
  })
  .map(({ party, text, dbit }) => ({
    creditDebit: dbit ? 'DBIT' : 'CRDT',
    ...(party === undefined ? {} : { party }),
    ...(text === undefined ? {} : { text }),
  }));

describe('fast rule matcher', () => {
  it('decides exactly as the reference matcher on random rules and rows', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 6 }),
        fc.array(row, { minLength: 1, maxLength: 10 }),
        (rules, rows) => {
          const matcher = new RuleMatcher(rules);
          for (const input of rows) {
            const expected = referenceMatchRules(rules, input);
            expect(matcher.match(input)).toEqual(expected);
            expect(matchRules(rules, input)).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('text folding', () => {
  it('takes the ASCII shortcut without changing the result', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => foldText(text) === referenceFold(text)),
    );
  });

  it('folds any Unicode text as the reference does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => foldText(text) === referenceFold(text)),
    );
  });

  it('splits into the words of the reference fold, ASCII or not', () => {
    const words = (text: string): string[] =>
      referenceFold(text)
        .split(' ')
        .filter((word) => word !== '');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) =>
        expect(foldedWords(text)).toEqual(words(text)),
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) =>
        expect(foldedWords(text)).toEqual(words(text)),
      ),
    );
    expect(foldedWords(' --REWE  Markt/GmbH 4711. ')).toEqual(['rewe', 'markt', 'gmbh', '4711']);
  });

  it('tokenises party and text apart exactly as their joined row text', () => {
    // The categoriser tokenises the party once and reuses its tokens with every text.
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        (party, text) => {
          expect([...tokenize(party), ...tokenize(text)]).toEqual(tokenize(rowText(party, text)));
        },
      ),
    );
  });
});
