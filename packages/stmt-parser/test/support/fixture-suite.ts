import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chunked, collect, toJson } from './outcome';

const FIXTURES = join(__dirname, '..', 'fixtures');

function fixtureFiles(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fixtureFiles(path, extension);
    return entry.name.endsWith(extension) && !entry.name.includes('.expected.') ? [path] : [];
  });
}

/**
 * Every fixture under `test/fixtures/<folder>` has `<name>.expected.json` beside it (records,
 * issues, fatal error). Each is compared whole, then again fed in 1-, 2-, 3- and 7-byte chunks.
 * Regenerate on purpose, after reading the diff: `UPDATE_EXPECTED=1 pnpm run jest <test file>`.
 */
export function describeFixtures(folder: string, extension: string): void {
  const dir = join(FIXTURES, folder);
  const update = process.env['UPDATE_EXPECTED'] === '1';
  const names = fixtureFiles(dir, extension)
    .map((path) => relative(dir, path))
    .sort();

  describe.each(names)('%s', (name) => {
    const bytes = readFileSync(join(dir, name));
    const expectedPath = join(dir, `${name.slice(0, -extension.length)}.expected.json`);

    it('matches its expected output', async () => {
      const actual = toJson(await collect(chunked(bytes, 64 * 1024), { fileName: name }));
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(expectedPath)).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });

    it.each([1, 2, 3, 7])('gives the same output in %i-byte chunks', async (size) => {
      const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
      expect(toJson(await collect(chunked(bytes, size), { fileName: name }))).toEqual(expected);
    });
  });
}
