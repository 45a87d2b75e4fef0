import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chunked, collect, toJson } from '../../test/support/outcome';

// Every OFX fixture has `<name>.expected.json` beside it (records, issues, fatal
// error). Regenerate on purpose, after reading the diff:
//   UPDATE_EXPECTED=1 pnpm run jest packages/stmt-parser/src/ofx/fixtures.test.ts
const DIR = join(__dirname, '..', '..', 'test', 'fixtures', 'ofx');
const EXTENSION = '.ofx';
const update = process.env['UPDATE_EXPECTED'] === '1';

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fixtureFiles(path);
    return entry.name.endsWith(EXTENSION) && !entry.name.includes('.expected.') ? [path] : [];
  });
}
const fixtures = fixtureFiles(DIR)
  .map((path) => relative(DIR, path))
  .sort();

describe.each(fixtures)('%s', (name) => {
  const bytes = readFileSync(join(DIR, name));
  const expectedPath = join(DIR, `${name.slice(0, -EXTENSION.length)}.expected.json`);

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
