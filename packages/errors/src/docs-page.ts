/**
 * Where the reference documentation is read online. Messages that send a user to a page name it
 * by this address, since an installed package ships no `docs/` folder. It follows the packages'
 * `repository` (docs-page.test.ts holds the two together).
 */
export const DOCS_URL = 'https://github.com/finance-tools/finance-tools/blob/main/docs';

/** The pages messages send users to. */
export type DocsPage = 'configuration.md' | 'csv-profiles.md' | 'data-format.md' | 'ledger-output.md' | 'scoring.md';

/** The address of a reference page, for a message or a description. */
export function docsPage(page: DocsPage): string {
  return `${DOCS_URL}/${page}`;
}
