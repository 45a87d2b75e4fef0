import { parseCategories } from './database-files';
import { matchRules } from './rules';

const rules = parseCategories(
  `categories:
  - name: Groceries
    keywords: [rewe, supermarket]
  - name: Subscriptions
    keywords: [apple music]
  - name: Shopping
    keywords: [apple]
  - name: Transfers
    keywords: [transfer]
  - name: Salary
    keywords: [salary]
    patterns: ['lohn\\s+\\d{2}/\\d{4}']
    applies_to: credit
  - name: Restaurants
    keywords: [café, bar]
`,
  'categories.yaml',
);

describe('matchRules', () => {
  it('matches a keyword in the party name regardless of case', () => {
    expect(matchRules(rules, { party: 'REWE Markt GmbH', creditDebit: 'DBIT' })).toEqual({
      category: 'Groceries',
      tier: 'rule',
      confidence: 0.9,
      matched: 'rewe',
    });
  });

  it('prefers the longer keyword', () => {
    expect(matchRules(rules, { party: 'APPLE MUSIC', creditDebit: 'DBIT' })?.category).toBe('Subscriptions');
    expect(matchRules(rules, { party: 'Apple Store', creditDebit: 'DBIT' })?.category).toBe('Shopping');
  });

  it('prefers a hit in the party over a longer one in the text', () => {
    expect(matchRules(rules, { party: 'Rewe', text: 'SEPA transfer', creditDebit: 'DBIT' })?.category).toBe(
      'Groceries',
    );
  });

  it('falls back to the remittance text', () => {
    expect(matchRules(rules, { party: 'J. Smith', text: 'Transfer to savings', creditDebit: 'DBIT' })?.category).toBe(
      'Transfers',
    );
  });

  it('matches whole words only and folds accents', () => {
    expect(matchRules(rules, { party: 'Barclays Bank', creditDebit: 'DBIT' })).toBeUndefined();
    expect(matchRules(rules, { party: 'CAFE CENTRAL', creditDebit: 'DBIT' })?.category).toBe('Restaurants');
  });

  it('honours applies_to and patterns', () => {
    expect(matchRules(rules, { party: 'ACME', text: 'LOHN 11/2026', creditDebit: 'CRDT' })).toMatchObject({
      category: 'Salary',
      matched: 'lohn\\s+\\d{2}\\/\\d{4}',
    });
    expect(matchRules(rules, { party: 'ACME', text: 'salary advance repayment', creditDebit: 'DBIT' })).toBeUndefined();
  });

  it('decides nothing for an empty row', () => {
    expect(matchRules(rules, { creditDebit: 'DBIT' })).toBeUndefined();
  });
});
