import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, collect, FIXTURE_DIR, fixtureNames, toJson } from './support/outcome';

// Each fixture has `<name>.expected.json` beside it: the records (Decimals as strings), the
// issues and the fatal error, if any. Regenerate them on purpose, after checking the diff:
//   UPDATE_EXPECTED=1 pnpm run jest packages/stmt-parser/test/fixtures.test.ts
const update = process.env['UPDATE_EXPECTED'] === '1';

describe('camt fixtures match their expected output', () => {
  it.each(fixtureNames())('%s', async (name) => {
    const bytes = readFileSync(join(FIXTURE_DIR, name));
    const actual = toJson(await collect(chunked(bytes, 64 * 1024), { fileName: name }));
    const expectedPath = join(FIXTURE_DIR, name.replace(/\.xml$/, '.expected.json'));
    if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    expect(existsSync(expectedPath)).toBe(true);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});
