import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_URL, docsPage, type DocsPage } from '@fin/errors';

const root = join(__dirname, '..', '..', '..');
const PAGES: Record<DocsPage, true> = {
  'configuration.md': true,
  'csv-profiles.md': true,
  'data-format.md': true,
  'ledger-output.md': true,
  'scoring.md': true,
};

describe('docsPage', () => {
  it("points into the docs folder of the packages' repository", () => {
    const { repository } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      repository: { url: string };
    };
    const web = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(DOCS_URL).toBe(`${web}/blob/main/docs`);
    expect(docsPage('scoring.md')).toBe(`${web}/blob/main/docs/scoring.md`);
  });

  it.each(Object.keys(PAGES))('names %s, a page that exists', (page) => {
    expect(existsSync(join(root, 'docs', page))).toBe(true);
  });
});
