import { spawnSync } from 'node:child_process';
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

  it('labels each parameter of the reference path or query, as the document places it', () => {
    const reference = renderReference(document);
    expect(reference).toContain('- Path parameter `symbol`: string');
    for (const name of ['days', 'limit', 'after']) {
      expect(reference).toContain(`- Query parameter \`${name}\``);
      expect(reference).not.toContain(`- Path parameter \`${name}\``);
    }
  });

  it('documents every path of the spec with its rate limit headers', () => {
    const paths = Object.keys(document.paths as object);
    for (const path of [
      '/v1/discovery/discover/{asset_type}',
      '/v1/discovery/monitor/{symbol}',
      '/v1/discovery/batch-discover',
      '/v1/discovery/criteria/{asset_type}',
      '/v1/discovery/integrate-discoveries',
      '/v1/webhooks',
    ]) {
      expect(paths).toContain(path);
    }
    const discover = (
      document.paths as Record<string, Record<string, { responses: Record<string, { headers: object }> }>>
    )['/v1/discovery/discover/{asset_type}']!.post!;
    expect(Object.keys(discover.responses['429']!.headers)).toEqual(
      expect.arrayContaining([
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'X-RateLimit-Window',
        'Retry-After',
      ]),
    );
    expect(new Set(OPERATIONS.map((o) => o.operationId)).size).toBe(OPERATIONS.length);
  });

  it('lists 405, 408 and 431 on every operation, each a reference to one shared response', () => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
    const shared = (document.components as { responses: Record<string, { headers: object }> }).responses;
    for (const operation of OPERATIONS) {
      const responses = paths[operation.path]![operation.method]!.responses;
      expect([operation.operationId, responses['405'], responses['408'], responses['431']]).toEqual([
        operation.operationId,
        { $ref: '#/components/responses/MethodNotAllowed' },
        { $ref: '#/components/responses/RequestTimeout' },
        { $ref: '#/components/responses/HeadersTooLarge' },
      ]);
    }
    expect(Object.keys(shared.MethodNotAllowed!.headers)).toEqual(['X-Request-Id', 'Allow']);
  });

  it('passes `redocly lint` with the recommended rules: 0 errors, 0 warnings', () => {
    const bin = join(__dirname, '..', '..', 'node_modules', '.bin', 'redocly');
    const run = spawnSync(bin, ['lint', join(docs, 'openapi.json'), '--extends', 'recommended', '--format', 'json'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 180_000);

  it('types what clients read: no bare object schemas', () => {
    const bare: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${at}/${i}`));
      else if (typeof node === 'object' && node !== null) {
        const schema = node as Record<string, unknown>;
        if (schema.type === 'object' && schema.properties === undefined && schema.additionalProperties === undefined)
          bare.push(at);
        for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
      }
    };
    walk(document, '');
    expect(bare).toEqual([]);
  });
});
