import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The statement parser's test fixtures, which the fuzz harnesses of the parser and the CLI mutate. */
export const FIXTURE_ROOT = join(__dirname, '..', '..', '..', 'stmt-parser', 'test', 'fixtures');

/** Every statement fixture of every format (camt, MT940, OFX, CSV), valid and invalid. */
export function statementFixtures(): { name: string; bytes: Buffer }[] {
  const found: { name: string; bytes: Buffer }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(xml|sta|ofx|csv)$/.test(entry.name) && !entry.name.includes('.expected.'))
        found.push({ name: relative(FIXTURE_ROOT, path), bytes: readFileSync(path) });
    }
  };
  walk(FIXTURE_ROOT);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
