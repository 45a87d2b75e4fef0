import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Categorizer, CategorizerError, MAX_CATEGORIZED_TEXT } from '@stmt/categorizer';

const shippedDatabase = join(__dirname, '..', '..', '..', 'apps', 'statement-cli', 'database');

async function databaseDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'categorizer-db-'));
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(dir, name), text)));
  return dir;
}

const base = {
  'categories.yaml':
    'categories:\n  - name: Groceries\n    keywords: [market]\n  - name: Travel\n    keywords: [hotel]\n',
  'debtors.yaml':
    'Village Store: Groceries\nSunset Inn Hotel: Groceries\nAlpine Lodge Resort: Travel\nSeaside Resort Spa: Travel\n',
  'creditors.yaml': 'Village Store: Refunds\n',
};

describe('Categorizer tiers', () => {
  it('tries mapping, rule, classifier and fallback in that order', async () => {
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base) });
    // The mapping beats the "hotel" keyword.
    expect(await categorizer.categorize({ party: 'SUNSET INN HOTEL', creditDebit: 'DBIT' })).toEqual({
      category: 'Groceries',
      tier: 'mapping',
      confidence: 1,
      matched: 'Sunset Inn Hotel',
    });
    expect(await categorizer.categorize({ party: 'Harbour Hotel', creditDebit: 'DBIT' })).toMatchObject({
      category: 'Travel',
      tier: 'rule',
      matched: 'hotel',
    });
    expect(await categorizer.categorize({ party: 'Mountain Resort', creditDebit: 'DBIT' })).toMatchObject({
      category: 'Travel',
      tier: 'classifier',
    });
    expect(await categorizer.categorize({ party: 'Unheard Of', creditDebit: 'DBIT' })).toEqual({
      category: 'Uncategorized',
      tier: 'fallback',
      confidence: 0,
    });
  });

  it('uses debtors.yaml for debits and creditors.yaml for credits', async () => {
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base) });
    expect((await categorizer.categorize({ party: 'village store', creditDebit: 'DBIT' })).category).toBe('Groceries');
    expect((await categorizer.categorize({ party: 'village store', creditDebit: 'CRDT' })).category).toBe('Refunds');
  });

  it('lets the user database win over the shipped one, entry by entry', async () => {
    const user = await databaseDir({
      'categories.yaml': '- name: Travel\n  keywords: [holiday]\n',
      'debtors.yaml': 'village store: Household\n',
    });
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base), userDatabaseDir: user });
    expect((await categorizer.categorize({ party: 'Village Store', creditDebit: 'DBIT' })).category).toBe('Household');
    expect((await categorizer.categorize({ party: 'Alpine Lodge Resort', creditDebit: 'DBIT' })).category).toBe(
      'Travel',
    );
    expect((await categorizer.categorize({ party: 'Holiday Co', creditDebit: 'DBIT' })).tier).toBe('rule');
    expect((await categorizer.categorize({ party: 'Harbour Hotel', creditDebit: 'DBIT' })).tier).not.toBe('rule');
    expect(categorizer.categories()).toEqual(['Travel', 'Groceries']);
  });

  it('respects the classifier threshold', async () => {
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base), classifierThreshold: 0.999 });
    expect((await categorizer.categorize({ party: 'Mountain Resort', creditDebit: 'DBIT' })).tier).toBe('fallback');
  });

  it('reads the first 4,096 characters of a remittance text, however long it is', async () => {
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base) });
    const filler = 'invoice '.repeat(MAX_CATEGORIZED_TEXT / 8);
    const early = await categorizer.categorize({ party: 'Unheard Of', creditDebit: 'DBIT', text: `hotel ${filler}` });
    expect(early).toMatchObject({ category: 'Travel', tier: 'rule', matched: 'hotel' });
    const late = await categorizer.categorize({ party: 'Unheard Of', creditDebit: 'DBIT', text: `${filler} hotel` });
    expect(late.category).not.toBe('Travel');
  });

  it('fails loudly on a broken database file', async () => {
    const dir = await databaseDir({ 'debtors.yaml': '- not\n- a map\n' });
    await expect(Categorizer.load({ databaseDir: dir })).rejects.toThrow(CategorizerError);
  });
});

describe('shipped starter database', () => {
  it.each([
    [{ party: 'REWE Markt GmbH', creditDebit: 'DBIT' as const }, 'Groceries', 'mapping'],
    [{ party: 'LIDL SAGT DANKE', creditDebit: 'DBIT' as const }, 'Groceries', 'rule'],
    [{ party: 'NETFLIX.COM', creditDebit: 'DBIT' as const }, 'Subscriptions', 'rule'],
    [{ party: 'ACME GmbH', text: 'LOHN/GEHALT 10/2026', creditDebit: 'CRDT' as const }, 'Salary', 'rule'],
    [{ party: 'Stadtwerke München', text: 'Abschlag Strom', creditDebit: 'DBIT' as const }, 'Utilities', 'rule'],
    [{ party: 'Geldautomat Sparkasse', creditDebit: 'DBIT' as const }, 'Cash', 'rule'],
  ])('categorises %j as %s', async (input, category, tier) => {
    const categorizer = await Categorizer.load({ databaseDir: shippedDatabase });
    expect(await categorizer.categorize(input)).toMatchObject({ category, tier });
  });

  it('has the ~20 English categories the docs promise', async () => {
    const categories = (await Categorizer.load({ databaseDir: shippedDatabase })).categories();
    expect(categories.length).toBeGreaterThanOrEqual(20);
    expect(categories).toEqual(
      expect.arrayContaining(['Groceries', 'Restaurants', 'Rent', 'Salary', 'Transfers', 'Fees']),
    );
  });
});

describe('learned mappings', () => {
  it('are pending until saved, then written atomically with a timestamped backup', async () => {
    const target = await databaseDir({ 'debtors.yaml': '# my own mappings\nCorner Cafe: Restaurants\n' });
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base), userDatabaseDir: target });
    await categorizer.categorizeMany([
      { party: 'Mountain Resort', creditDebit: 'DBIT' },
      { party: 'Mountain Resort', creditDebit: 'DBIT' },
      { party: 'Harbour Hotel', creditDebit: 'DBIT' },
    ]);
    const pending = categorizer.pendingMappings();
    expect(pending).toEqual([
      expect.objectContaining({
        party: 'Mountain Resort',
        category: 'Travel',
        file: 'debtors.yaml',
        tier: 'classifier',
      }),
    ]);
    expect(await readFile(join(target, 'debtors.yaml'), 'utf8')).not.toContain('mountain resort');

    const result = await categorizer.saveMappings(target);
    expect(result.written).toEqual([join(target, 'debtors.yaml')]);
    expect(result.backups).toHaveLength(1);
    expect(result.backups[0]).toMatch(/debtors\.yaml\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.bak$/);
    expect(await readFile(result.backups[0]!, 'utf8')).toBe('# my own mappings\nCorner Cafe: Restaurants\n');
    expect(await readFile(join(target, 'debtors.yaml'), 'utf8')).toBe(
      '# my own mappings\nCorner Cafe: Restaurants\nmountain resort: Travel\n',
    );
    expect((await readdir(target)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(categorizer.pendingMappings()).toEqual([]);
    expect(await categorizer.categorize({ party: 'Mountain Resort', creditDebit: 'DBIT' })).toMatchObject({
      tier: 'mapping',
      category: 'Travel',
    });
  });

  it('saves only the mappings the user kept after review, updating a differently spelled key in place', async () => {
    const target = await mkdtemp(join(tmpdir(), 'categorizer-save-'));
    await mkdir(target, { recursive: true });
    await writeFile(join(target, 'creditors.yaml'), 'MOUNTAIN RESORT: Refunds\n');
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base) });
    const result = await categorizer.saveMappings(target, [
      {
        party: 'Mountain Resort',
        category: 'Travel',
        creditDebit: 'CRDT',
        file: 'creditors.yaml',
        tier: 'ai',
        confidence: 0.8,
      },
    ]);
    expect(await readFile(join(target, 'creditors.yaml'), 'utf8')).toBe('MOUNTAIN RESORT: Travel\n');
    expect(result.written).toEqual([join(target, 'creditors.yaml')]);
  });

  it('creates the target folder and writes no backup when there was no file', async () => {
    const target = join(await mkdtemp(join(tmpdir(), 'categorizer-new-')), 'nested', 'db');
    const categorizer = await Categorizer.load({ databaseDir: await databaseDir(base) });
    const result = await categorizer.saveMappings(target, [
      {
        party: 'Fresh Farm',
        category: 'Groceries',
        creditDebit: 'DBIT',
        file: 'debtors.yaml',
        tier: 'classifier',
        confidence: 0.7,
      },
    ]);
    expect(result.backups).toEqual([]);
    expect(await readFile(join(target, 'debtors.yaml'), 'utf8')).toBe('fresh farm: Groceries\n');
  });
});
