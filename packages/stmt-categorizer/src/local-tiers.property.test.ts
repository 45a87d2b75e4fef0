import fc from 'fast-check';
import { referenceMatchRules } from '../test/reference-rules';
import { LocalClassifier } from './classifier';
import type { CategoryDatabase } from './database';
import { parseCategories, parseMappings } from './database-files';
import { LocalTiers } from './local-tiers';
import { mappingKey } from './text';
import type { CategorizeInput, CategoryDecision } from './types';

const database: CategoryDatabase = {
  categories: parseCategories(
    `- name: Groceries
  keywords: [market, rewe, whole foods]
- name: Travel
  keywords: [hotel, lodge]
- name: Salary
  keywords: [salary]
  patterns: ['lohn\\s*\\d{2}']
  applies_to: credit
`,
    'categories.yaml',
  ),
  debtors: parseMappings('Village Store: Groceries\nAlpine Lodge Resort: Travel\n', 'debtors.yaml'),
  creditors: parseMappings('Village Store: Refunds\n', 'creditors.yaml'),
};

function classifier(): LocalClassifier {
  const trained = new LocalClassifier();
  trained.learnAll([
    { party: 'Village Store', category: 'Groceries' },
    { party: 'Alpine Lodge Resort', category: 'Travel' },
    { party: 'Seaside Resort Spa', text: 'booking', category: 'Travel' },
    { party: 'Corner Organic Foods', category: 'Groceries' },
    { party: 'ACME payroll', text: 'salary', category: 'Salary' },
  ]);
  return trained;
}

/** The tiers as first written: no caches, every row folded and matched from scratch. */
function referenceDecision(input: CategorizeInput, reference: LocalClassifier): CategoryDecision | undefined {
  if (input.party) {
    const mapped = (input.creditDebit === 'DBIT' ? database.debtors : database.creditors).get(mappingKey(input.party));
    if (mapped) return { category: mapped.category, tier: 'mapping', confidence: 1, matched: mapped.party };
  }
  return referenceMatchRules(database.categories, input) ?? reference.decide(input, 0.6);
}

const parties = [
  'Village Store',
  'VILLAGE  STORE',
  'Alpine Lodge Resort',
  'Seaside Resort',
  'Harbour Hotel',
  'Organic Market',
  'Mountain Resort',
  'ACME',
  'Zyx Qqq',
  '',
  '...',
];
const texts = [
  '',
  'Lohn 11/2026',
  'salary advance',
  'Invoice 4711 whole foods',
  'booking 12',
  'resort spa',
  'Café Müller',
  'order 99',
];
const row: fc.Arbitrary<CategorizeInput> = fc
  .record({ party: fc.constantFrom(...parties), text: fc.constantFrom(...texts), dbit: fc.boolean() })
  .map(({ party, text, dbit }) => ({
    creditDebit: dbit ? 'DBIT' : 'CRDT',
    ...(party ? { party } : {}),
    ...(text ? { text } : {}),
  }));

describe('LocalTiers', () => {
  it('decides every row as the uncached tiers do, repeated rows included', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (rows) => {
        const tiers = new LocalTiers(database, classifier(), 0.6);
        const reference = classifier();
        for (const input of rows) expect(tiers.decide(input)).toEqual(referenceDecision(input, reference));
      }),
      { numRuns: 100 },
    );
  });

  it('hands out copies, so a caller changing a decision does not change the next one', () => {
    const tiers = new LocalTiers(database, classifier(), 0.6);
    const first = tiers.decide({ party: 'Harbour Hotel', creditDebit: 'DBIT' });
    first!.category = 'Changed';
    expect(tiers.decide({ party: 'Harbour Hotel', creditDebit: 'DBIT' })).toEqual({
      category: 'Travel',
      tier: 'rule',
      confidence: 0.9,
      matched: 'hotel',
    });
  });
});
