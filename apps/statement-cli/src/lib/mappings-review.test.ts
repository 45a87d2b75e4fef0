import type { LearnedMapping } from '@stmt/categorizer';
import fc from 'fast-check';
import { parseReviewYaml, ReviewFileError, toReviewYaml } from './mappings-review';

const qwerty: LearnedMapping = {
  party: 'Qwerty Lodge',
  category: 'Travel',
  creditDebit: 'DBIT',
  file: 'debtors.yaml',
  tier: 'ai',
  confidence: 0.75,
};
const zyx: LearnedMapping = {
  party: 'Zyx: "Vwq" Oy',
  category: 'Income',
  creditDebit: 'CRDT',
  file: 'creditors.yaml',
  tier: 'classifier',
  confidence: 0.6,
};

describe('mappings review file', () => {
  it('reads back what it wrote', () => {
    expect(parseReviewYaml(toReviewYaml([qwerty, zyx], 'april.xml'))).toEqual([qwerty, zyx]);
  });

  it('round-trips any party and category text', () => {
    const mapping = fc.record({
      party: fc.string({ minLength: 1 }),
      category: fc.string({ minLength: 1 }),
      credit: fc.boolean(),
      tier: fc.constantFrom('classifier' as const, 'ai' as const),
      percent: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(mapping, { maxLength: 5 }), (entries) => {
        const mappings: LearnedMapping[] = entries.map((e) => ({
          party: e.party,
          category: e.category,
          creditDebit: e.credit ? 'CRDT' : 'DBIT',
          file: e.credit ? 'creditors.yaml' : 'debtors.yaml',
          tier: e.tier,
          confidence: e.percent / 100,
        }));
        expect(parseReviewYaml(toReviewYaml(mappings, 'x'))).toEqual(mappings);
      }),
    );
  });

  it('takes an edited entry without tier and confidence, and an emptied list', () => {
    expect(
      parseReviewYaml('mappings:\n  - party: Corner Shop\n    direction: debit\n    category: Groceries\n'),
    ).toEqual([
      {
        party: 'Corner Shop',
        category: 'Groceries',
        creditDebit: 'DBIT',
        file: 'debtors.yaml',
        tier: 'classifier',
        confidence: 1,
      },
    ]);
    expect(parseReviewYaml('mappings:\n')).toEqual([]);
  });

  it('lists every problem with the entry path', () => {
    const text =
      'mappings:\n  - party: A\n    direction: sideways\n    category: X\n  - party: B\n    direction: credit\n';
    try {
      parseReviewYaml(text);
      throw new Error('expected a ReviewFileError');
    } catch (error) {
      expect(error).toBeInstanceOf(ReviewFileError);
      expect((error as ReviewFileError).problems).toEqual([
        'mappings[0].direction must be equal to one of the allowed values',
        "mappings[1] must have required property 'category'",
      ]);
    }
  });
});
