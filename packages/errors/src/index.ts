export { CodedError } from './coded-error';
export { DOCS_URL, docsPage, type DocsPage } from './docs-page';
