import { request } from 'node:http';
import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { OPERATIONS, type Operation } from '../openapi/operations';
import { TokenStore } from '../store/tokens';
import { startApi, type RequestOptions, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { responseProblems } from '../test-support/openapi-check';
import { withOverrides } from './rate-limit-table';

// What every route does alike (docs/errors.md): each is called once per rule, with the
// credential it needs, so a route added later is held to the same rules.
const SECRET = 'local-admin-secret-for-tests';

let db: Database;
let api: TestApi;
let token: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('conventions', ['discovery', 'webhooks'])).token;
  const roomy = Object.fromEntries(
    ['discover', 'monitor', 'batch', 'criteria', 'integrate', 'webhooks', 'webhook_reads'].map((group) => [
      group,
      { limit: 1000 },
    ]),
  );
  api = await startApi({
    db,
    engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew({ provider: new SampleSnapshotProvider() }))),
    adminSecret: SECRET,
    rateLimits: withOverrides(roomy),
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await db.close();
});

/** A concrete path of the operation: valid-looking parameters (the rules below are checked
 * before any of them is looked up). */
function pathOf(operation: Operation): string {
  return operation.path
    .replace('{asset_type}', 'etf')
    .replace('{symbol}', 'NUH')
    .replace('{id}', operation.path.startsWith('/v1/admin/tokens') ? `tok_${'0'.repeat(16)}` : `wh_${'0'.repeat(32)}`);
}

function credentialOf(operation: Operation): RequestOptions {
  if (operation.access === 'public') return {};
  if (operation.access === 'admin') return { headers: { authorization: `Bearer ${SECRET}` } };
  return { token };
}

const rows = OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const);
const withBody = rows.filter(([, op]) => op.success.schema !== undefined || op.success.contentType !== undefined);

describe('a query parameter the route does not declare', () => {
  it.each(rows)('%s refuses it: 400 VALIDATION_ERROR at its name in the query', async (_, operation) => {
    const credential = credentialOf(operation);
    const res = await api.call(operation.method.toUpperCase(), `${pathOf(operation)}?colour=blue`, credential);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const declared = Object.keys(operation.queryParams ?? {});
    expect(res.body.error.details).toEqual({
      location: 'query',
      errors: [
        {
          path: '/colour',
          message: `is not a query parameter of this route (${declared.length === 0 ? 'it takes none' : `it takes ${declared.join(', ')}`})`,
        },
      ],
    });
  });
});

describe('content negotiation', () => {
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  it.each(withBody)(
    '%s answers 406 NOT_ACCEPTABLE when Accept rules out its media type, not to a browser',
    async (_, operation) => {
      const credential = credentialOf(operation);
      const call = (accept: string) =>
        api.call(operation.method.toUpperCase(), pathOf(operation), {
          ...credential,
          headers: { ...credential.headers, accept },
        });
      const refused = await call('application/xml');
      expect([refused.status, refused.body.error.code]).toEqual([406, 'NOT_ACCEPTABLE']);
      expect(refused.body.error.details.content_type).toBe(operation.success.contentType ?? 'application/json');
      expect((await call(browser)).status).not.toBe(406);
    },
  );

  it("answers a browser's Accept (text/html first, */* last) with JSON, and application/xml with 406", async () => {
    const res = await api.call('GET', '/v1/discovery/criteria/etf', { token, headers: { accept: browser } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^application\/json/)]);
    const xml = await api.call('GET', '/v1/discovery/criteria/etf', { token, headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(406);
  });
});

/** A request with a body whatever the method (fetch sends none with GET), its answer checked
 * against the OpenAPI document as api.call checks it. */
function sendBody(
  operation: Operation,
  body: string,
  contentType: string,
): Promise<{ status: number; body: { error: { code: string; details: Record<string, unknown> } } }> {
  const credential = credentialOf(operation);
  const headers: Record<string, string> = {
    ...credential.headers,
    ...(credential.token === undefined ? {} : { authorization: `Bearer ${credential.token}` }),
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
  };
  const path = pathOf(operation);
  return new Promise((resolve, reject) => {
    const req = request(`${api.baseUrl}${path}`, { method: operation.method.toUpperCase(), headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const json = (res.headers['content-type'] ?? '').includes('application/json') && text !== '';
        const parsed: unknown = json ? JSON.parse(text) : text;
        const answerHeaders = new Headers(
          Object.entries(res.headers).map(([name, value]) => [name, String(value)] as [string, string]),
        );
        const problems = responseProblems(operation.method, path, res.statusCode ?? 0, answerHeaders, parsed);
        if (problems.length > 0) reject(new Error(problems.join('\n')));
        else resolve({ status: res.statusCode ?? 0, body: parsed as never });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a route that takes no body', () => {
  const withoutBody = rows.filter(([, op]) => op.body === undefined);

  it.each(withoutBody)('%s refuses a member: 400 VALIDATION_ERROR at its path', async (_, operation) => {
    const res = await sendBody(operation, '{"colour":"blue"}', 'application/json');
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toEqual({
      location: 'body',
      errors: [{ path: '/colour', message: 'is not allowed: this route takes no body (send none, or {})' }],
    });
  });

  it.each(withoutBody)('%s refuses malformed JSON: 400 VALIDATION_ERROR', async (_, operation) => {
    const res = await sendBody(operation, '{bad', 'application/json');
    expect([res.status, res.body.error.code, res.body.error.details.errors]).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ path: '', message: 'body is not valid JSON' }],
    ]);
  });

  it.each(withoutBody)('%s refuses a body that is not JSON: 415', async (_, operation) => {
    const res = await sendBody(operation, 'hello', 'text/plain');
    expect([res.status, res.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it.each(withoutBody)('%s refuses a body over the limit: 413', async (_, operation) => {
    const res = await sendBody(operation, `{"pad":"${'x'.repeat(200 * 1024)}"}`, 'application/json');
    expect([res.status, res.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it.each(withoutBody)('%s takes {} as no body', async (_, operation) => {
    const res = await sendBody(operation, '{}', 'application/json');
    expect([400, 413, 415]).not.toContain(res.status);
  });
});
