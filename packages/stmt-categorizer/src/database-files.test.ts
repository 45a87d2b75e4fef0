import { CategorizerError } from '@stmt/categorizer';
import { parseCategories, parseMappings } from './database-files';

describe('parseCategories', () => {
  it('reads camt-csv’s shape: a list under `categories:`', () => {
    const rules = parseCategories(
      'categories:\n  - name: "Courses"\n    keywords:\n      - "migros"\n      - "coop"\n',
      'categories.yaml',
    );
    expect(rules).toEqual([{ name: 'Courses', keywords: ['migros', 'coop'], patterns: [] }]);
  });

  it('reads a bare list with our optional patterns and applies_to', () => {
    const [rule] = parseCategories(
      "- name: Salary\n  keywords: [payroll]\n  patterns: ['lohn \\d+']\n  applies_to: credit\n",
      'c.yaml',
    );
    expect(rule?.appliesTo).toBe('CRDT');
    expect(rule?.patterns[0]?.test('LOHN 11')).toBe(true);
  });

  it('names the file and the key path of a bad entry', () => {
    const attempt = (): unknown =>
      parseCategories('categories:\n  - name: A\n  - keywords: [x]\n', '/db/categories.yaml');
    expect(attempt).toThrow(CategorizerError);
    expect(attempt).toThrow('/db/categories.yaml: categories[1].name must be a non-empty string');
  });

  it('rejects an invalid regular expression with its path', () => {
    expect(() => parseCategories("- name: A\n  patterns: ['(unclosed']\n", 'c.yaml')).toThrow(
      'categories[0].patterns[0] is not a valid regular expression',
    );
  });

  it('rejects an unknown direction and lists the accepted ones', () => {
    expect(() => parseCategories('- name: A\n  applies_to: sideways\n', 'c.yaml')).toThrow(
      'must be one of debit, credit, DBIT, CRDT',
    );
  });

  it('reports YAML syntax errors as DATABASE_INVALID', () => {
    try {
      parseCategories('categories: [unclosed', 'c.yaml');
      throw new Error('expected a failure');
    } catch (error) {
      expect((error as CategorizerError).code).toBe('DATABASE_INVALID');
    }
  });
});

describe('parseMappings', () => {
  it('reads a flat `party: Category` map keyed without regard to case and spacing', () => {
    const mappings = parseMappings('"REWE  Markt GmbH": Groceries\nnetflix: Subscriptions\n', 'debtors.yaml');
    expect(mappings.get('rewe markt gmbh')).toEqual({ party: 'REWE  Markt GmbH', category: 'Groceries' });
    expect(mappings.size).toBe(2);
  });

  it('tolerates a repeated key as camt-csv does: the later one wins', () => {
    expect(parseMappings('coop: Courses\ncoop: Alimentation\n', 'd.yaml').get('coop')?.category).toBe('Alimentation');
  });

  it('reads an empty file as no mappings and rejects a list', () => {
    expect(parseMappings('# nothing yet\n', 'd.yaml').size).toBe(0);
    expect(() => parseMappings('- a\n- b\n', 'd.yaml')).toThrow('must be a map of "party name: Category"');
  });

  it('rejects a party without a category', () => {
    expect(() => parseMappings('coop:\n', 'd.yaml')).toThrow('d.yaml: coop must map to a category name');
  });
});
