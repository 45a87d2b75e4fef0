import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDatabaseCache } from '@stmt/categorizer';
import { loadDatabaseDir } from './database';
import { PARSED_CACHE_FILE } from './parsed-cache';

describe('the parsed database cache', () => {
  it('is used while a file keeps its text, and an edited file is parsed again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-db-cache-'));
    try {
      writeFileSync(join(dir, 'categories.yaml'), 'categories:\n  - name: Groceries\n    keywords: [rewe]\n');
      writeFileSync(join(dir, 'debtors.yaml'), 'REWE Markt: Groceries\n');
      expect(await writeDatabaseCache(dir)).toEqual(['categories.yaml', 'debtors.yaml']);
      // A cache that says something else than the YAML shows which one was read.
      const cache = JSON.parse(readFileSync(join(dir, PARSED_CACHE_FILE), 'utf8')) as Record<
        string,
        { document: unknown }
      >;
      cache['debtors.yaml']!.document = { 'REWE Markt': 'Cached' };
      writeFileSync(join(dir, PARSED_CACHE_FILE), JSON.stringify(cache));
      expect([...(await loadDatabaseDir(dir)).debtors.values()]).toEqual([{ party: 'REWE Markt', category: 'Cached' }]);
      writeFileSync(join(dir, 'debtors.yaml'), 'REWE Markt: Food\n');
      expect([...(await loadDatabaseDir(dir)).debtors.values()]).toEqual([{ party: 'REWE Markt', category: 'Food' }]);
      expect((await loadDatabaseDir(dir)).categories.map((rule) => rule.keywords)).toEqual([['rewe']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
