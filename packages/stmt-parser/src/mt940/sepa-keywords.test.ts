import fc from 'fast-check';
import { collapseWhitespace } from '../text';
import { isJsWhitespace } from '../characters';
import { joinPieces, splitSepaKeywords, type Piece } from './sepa-keywords';

/** Characters that exercise whitespace handling: ASCII and Unicode spaces, line separators, letters. */
const character = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u2003',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u200b',
  'a',
  'Z',
  'ü',
  '+',
  '?',
);
const text = fc.array(character, { maxLength: 24 }).map((characters) => characters.join(''));

describe('SEPA keyword text', () => {
  it('isJsWhitespace agrees with \\s for every UTF-16 code unit', () => {
    const disagreements: number[] = [];
    for (let code = 0; code <= 0xffff; code++)
      if (isJsWhitespace(code) !== /\s/.test(String.fromCharCode(code))) disagreements.push(code);
    expect(disagreements).toEqual([]);
  });

  it('collapseWhitespace is replace(/\\s+/g, " ").trim()', () => {
    fc.assert(fc.property(text, (value) => collapseWhitespace(value) === value.replace(/\s+/g, ' ').trim()));
  });

  it('keeps a keyword within its SEPA length as joinPieces measures it, whatever the whitespace', () => {
    // EREF holds 35 characters: pieces after it join it while the one before was cut (its
    // subfield full, or wrapped) and the joined value fits; the rest is remittance.
    const piece = fc.record({ text, cut: fc.boolean() });
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 6 }), (cut, rest) => {
        const pieces: Piece[] = [{ text: `EREF+${'x'.repeat(20)}`, cut }, ...rest];
        const endToEnd = splitSepaKeywords(pieces).endToEndId ?? '';
        // The value taken is a prefix of the pieces, at most 35 long once joined.
        expect(endToEnd.length).toBeLessThanOrEqual(35);
        let taken = 1;
        while (
          taken < pieces.length &&
          (pieces[taken - 1] as Piece).cut &&
          joinPieces(pieces.slice(0, taken + 1)).length - 5 <= 35
        )
          taken++;
        expect(endToEnd).toBe(joinPieces([{ text: 'x'.repeat(20), cut }, ...pieces.slice(1, taken)]));
      }),
    );
  });

  it('ends a keyword value with a subfield it does not fill: the next subfield without a keyword is remittance', () => {
    const short = splitSepaKeywords([
      { text: 'EREF+E2E-77', cut: false },
      { text: 'Miete Januar Wohnung 3', cut: false },
    ]);
    expect(short).toEqual({ endToEndId: 'E2E-77', remittanceInfo: 'Miete Januar Wohnung 3' });
    const placeholder = splitSepaKeywords([
      { text: 'EREF+NOTPROVIDED', cut: true },
      { text: 'Miete Januar', cut: false },
    ]);
    expect(placeholder).toEqual({ remittanceInfo: 'Miete Januar' });
  });

  it('warns where a full keyword subfield is taken on into a subfield without keyword and no SVWZ+ says what the remittance is', () => {
    const full = { text: `EREF+${'A'.repeat(22)}`, cut: true };
    const guessed = splitSepaKeywords([full, { text: 'B12', cut: false }]);
    expect(guessed.endToEndId).toBe(`${'A'.repeat(22)}B12`);
    expect(guessed.problems).toEqual([
      expect.stringMatching(/^the EREF\+ value fills its subfield.*may instead be remittance/),
    ]);
    const told = splitSepaKeywords([full, { text: 'B12', cut: false }, { text: 'SVWZ+Miete', cut: false }]);
    expect(told).toEqual({ endToEndId: `${'A'.repeat(22)}B12`, remittanceInfo: 'Miete' });
  });
});
