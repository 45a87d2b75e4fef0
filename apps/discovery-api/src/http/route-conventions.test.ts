import { InvestmentDiscoveryCrew, SampleSnapshotProvider } from '@disc/discovery';
import type { Database } from '../db/database';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { OPERATIONS, type Operation } from '../openapi/operations';
import { TokenStore } from '../store/tokens';
import { startApi, type RequestOptions, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
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
