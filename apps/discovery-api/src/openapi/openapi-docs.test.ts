import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from './document';
import { renderReference } from './markdown';
import { OPERATIONS } from './operations';

const docs = join(__dirname, '..', '..', '..', '..', 'docs');
const REGENERATE = 'run `pnpm run build && node apps/discovery-api/scripts/write-docs.mjs`';

describe('published API documents', () => {
  const document = buildOpenApiDocument();

  it(`docs/openapi.json is the document the server serves (else ${REGENERATE})`, () => {
    expect(JSON.parse(readFileSync(join(docs, 'openapi.json'), 'utf8'))).toEqual(document);
  });

  it(`docs/api.md ends with the reference rendered from it (else ${REGENERATE})`, () => {
    expect(readFileSync(join(docs, 'api.md'), 'utf8').endsWith(renderReference(document))).toBe(true);
  });

  it('documents every path of the spec with its rate limit headers', () => {
    const paths = Object.keys(document.paths as object);
    for (const path of ['/v1/discovery/discover/{asset_type}', '/v1/discovery/monitor/{symbol}', '/v1/discovery/batch-discover', '/v1/discovery/criteria/{asset_type}', '/v1/discovery/integrate-discoveries', '/v1/webhooks']) {
      expect(paths).toContain(path);
    }
    const discover = (document.paths as Record<string, Record<string, { responses: Record<string, { headers: object }> }>>)['/v1/discovery/discover/{asset_type}']!.post!;
    expect(Object.keys(discover.responses['429']!.headers)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Window', 'Retry-After']));
    expect(new Set(OPERATIONS.map((o) => o.operationId)).size).toBe(OPERATIONS.length);
  });
});
