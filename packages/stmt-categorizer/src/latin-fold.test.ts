import fc from 'fast-check';
import { referenceFold as unicodeFold } from '../test/reference-rules';
import { foldedWords, foldText } from './text';

const latin = Array.from({ length: 0x300 }, (_, code) => code);
const punctuation = Array.from({ length: 0x70 }, (_, i) => 0x2000 + i);
const tabled = [...latin, ...punctuation, 0x20ac].map((code) => String.fromCharCode(code));

describe('foldText and foldedWords of Latin text with accents and punctuation', () => {
  it('folds each such character as the full Unicode fold does', () => {
    for (const char of tabled) expect([char, foldText(`x${char}y`)]).toEqual([char, unicodeFold(`x${char}y`)]);
  });

  it('folds texts of them, and splits them into words, as the full Unicode fold does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...tabled, 'Ä', 'ß', ' ', '-', 'a', 'İ', '½', 'ǅ'), { maxLength: 24 }),
        (chars) => {
          const text = chars.join('');
          const folded = unicodeFold(text);
          expect(foldText(text)).toBe(folded);
          expect(foldedWords(text)).toEqual(folded.split(' ').filter((word) => word !== ''));
        },
      ),
      { numRuns: 2000 },
    );
    expect(foldedWords('Rechnung Nr. 7 <März 2024> – Grüße, ½ Café')).toEqual([
      'rechnung',
      'nr',
      '7',
      'maerz',
      '2024',
      'gruesse',
      '1',
      '2',
      'cafe',
    ]);
  });

  it('folds the umlauts the SEPA way and drops other accents', () => {
    expect(foldText('Müller & Söhne – Grüße, Café')).toBe('mueller soehne gruesse cafe');
  });
});
