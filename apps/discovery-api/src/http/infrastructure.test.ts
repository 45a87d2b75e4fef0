import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { DiscoveryValidationError } from '@disc/types';
import type { Database } from '../db/database';
import { fixedEngine, type EngineSource } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { WebhookStore } from '../store/webhooks';
import { capturingLogger } from '../test-support/log-capture';
import { openMemoryDatabase } from '../test-support/databases';
import { startApi, type TestApi } from '../test-support/api';
import { TokenStore } from '../store/tokens';
import { withOverrides } from './rate-limit-table';

// These routes never reach the discovery SDK.
const noEngine: EngineSource = { current: () => Promise.reject(new Error('the discovery engine is not used here')) };

let db: Database;
let api: TestApi;
let full: string;
let discoveryOnly: string;
let revoked: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  const tokens = new TokenStore(db);
  full = (await tokens.create('full', ['discovery', 'webhooks'])).token;
  discoveryOnly = (await tokens.create('reader', ['discovery'])).token;
  const gone = await tokens.create('gone', ['webhooks']);
  await tokens.revoke(gone.record.id);
  revoked = gone.token;
  api = await startApi({
    db,
    engine: noEngine,
    rateLimits: withOverrides({ webhooks: { limit: 1000 }, webhook_reads: { limit: 1000 } }),
    bodyLimitBytes: 2048,
    webhookUrlPolicy: { lookup: fakeDns },
  });
});
afterAll(async () => {
  await api.close();
  await db.close();
});

// Name resolution is the edge this suite does not control (the sandbox has no DNS): a
// fixed table stands in for it, with one public and one loopback name.
async function fakeDns(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const table: Record<string, string> = {
    'hooks.example.org': '93.184.216.34',
    localhost: '127.0.0.1',
    'rebind.example.org': '10.0.0.5',
  };
  const address = table[hostname];
  if (address === undefined) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address, family: 4 }];
}

const hook = { url: 'https://hooks.example.org/discovery', events: ['grade_change'], secret: 'a-long-enough-secret' };

describe('authentication (spec section 5)', () => {
  it.each([
    ['no header', {}],
    ['a malformed header', { headers: { authorization: 'Token abc' } }],
    ['an unknown token', { token: 'disc_' + 'x'.repeat(43) }],
  ])('answers 401 UNAUTHORIZED for %s', async (_label, options) => {
    const res = await api.call('GET', '/v1/webhooks', options);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('challenges with WWW-Authenticate (RFC 6750): Bearer, and invalid_token for a token it does not accept', async () => {
    const challenge = async (options: { token?: string; headers?: Record<string, string> }) =>
      (await api.call('GET', '/v1/webhooks', options)).headers.get('www-authenticate');
    expect(await challenge({})).toBe('Bearer');
    expect(await challenge({ headers: { authorization: 'Token abc' } })).toBe('Bearer');
    expect(await challenge({ token: 'disc_' + 'x'.repeat(43) })).toBe('Bearer error="invalid_token"');
    expect(await challenge({ token: revoked })).toBe('Bearer error="invalid_token"');
    expect(await challenge({ token: discoveryOnly })).toBeNull(); // 403: the token is fine
  });

  it('accepts "Bearer" followed by several spaces (RFC 6750: 1*SP)', async () => {
    const res = await api.call('GET', '/v1/webhooks', { headers: { authorization: `Bearer  ${full}` } });
    expect(res.status).toBe(200);
  });

  it('answers 401 for a revoked token', async () => {
    const res = await api.call('GET', '/v1/webhooks', { token: revoked });
    expect(res.status).toBe(401);
  });

  it('answers 403 FORBIDDEN for a valid token without the scope', async () => {
    const res = await api.call('POST', '/v1/webhooks', { token: discoveryOnly, body: hook });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', details: { required_scope: 'webhooks' } });
  });
});

describe('webhook registration', () => {
  it('registers, lists, reads and deletes without ever echoing the secret', async () => {
    const created = await api.call('POST', '/v1/webhooks', { token: full, body: hook });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: hook.url, events: ['grade_change'], active: true });
    expect(JSON.stringify(created.body)).not.toContain(hook.secret);
    const listed = await api.call('GET', '/v1/webhooks', { token: full });
    expect(listed.body.data.map((w: { id: string }) => w.id)).toContain(created.body.id);
    expect((await api.call('GET', `/v1/webhooks/${created.body.id}`, { token: full })).body.id).toBe(created.body.id);
    expect((await api.call('DELETE', `/v1/webhooks/${created.body.id}`, { token: full })).status).toBe(204);
    const again = await api.call('GET', `/v1/webhooks/${created.body.id}`, { token: full });
    expect(again.status).toBe(404);
  }, 15_000);
});

describe('request validation', () => {
  it('rejects an unknown member with its JSON path', async () => {
    const res = await api.call('POST', '/v1/webhooks', { token: full, body: { ...hook, colour: 'blue' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.errors).toContainEqual({ path: '/colour', message: 'is not an allowed member' });
  });

  it('names missing members and bad enum values', async () => {
    const res = await api.call('POST', '/v1/webhooks', {
      token: full,
      body: { url: hook.url, events: ['price_change'] },
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/secret', '/events/0']));
  });

  it('refuses plain-http and private receiver addresses', async () => {
    for (const url of [
      'http://hooks.example.org/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://rebind.example.org/x',
      'http://127.0.0.1:9/x',
      'https://[::1]/x',
      'https://[::169.254.169.254]/',
      'https://[::127.0.0.1]/',
      'https://[::10.0.0.1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[64:ff9b::a00:1]/',
      'https://[2002:a00:1::]/',
      'https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
    ]) {
      const res = await api.call('POST', '/v1/webhooks', { token: full, body: { ...hook, url } });
      expect([res.status, res.body.error.details.errors[0].path]).toEqual([400, '/url']);
      expect(res.body.error.details.location).toBe('body');
    }
  });

  it.each(['null', '"str"', '123', 'true'])(
    'answers a body of valid JSON that is not an object (%s) "must be a JSON object", as it answers [], not "not valid JSON"',
    async (rawBody) => {
      const res = await api.call('POST', '/v1/webhooks', {
        token: full,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        400,
        'VALIDATION_ERROR',
        'The request body is invalid: body must be a JSON object.',
      ]);
      expect(res.body.error.details).toEqual({
        location: 'body',
        errors: [{ path: '', message: 'must be a JSON object' }],
      });
    },
  );

  it('refuses a receiver URL with a user name or password, naming /url and why, and stores nothing', async () => {
    for (const url of [
      'http://user:pass@hooks.example.org/hook',
      'https://user:pass@hooks.example.org/hook',
      'https://token@hooks.example.org/hook',
    ]) {
      const res = await api.call('POST', '/v1/webhooks', { token: full, body: { ...hook, url } });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details).toMatchObject({
        location: 'body',
        errors: [{ path: '/url', message: 'must not contain a user name or password (user:pass@host)' }],
        reason: 'CREDENTIALS_IN_URL',
      });
      expect(res.body.error.message).toMatch(/shown by GET \/v1\/webhooks.*webhook-signature/);
    }
    const listed = await api.call('GET', '/v1/webhooks', { token: full });
    expect(JSON.stringify(listed.body)).not.toMatch(/@hooks\.example\.org/);
  });

  it('answers 400 for malformed JSON, 415 for a non-JSON body, 413 over the size limit', async () => {
    const headers = { 'content-type': 'application/json' };
    const malformed = await api.call('POST', '/v1/webhooks', { token: full, rawBody: '{"url":', headers });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(malformed.body.error.details).toEqual({
      location: 'body',
      errors: [{ path: '', message: 'body is not valid JSON' }],
    });
    const form = await api.call('POST', '/v1/webhooks', {
      token: full,
      rawBody: 'url=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await api.call('POST', '/v1/webhooks', { token: full, body: { ...hook, secret: 'x'.repeat(4000) } });
    expect([big.status, big.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('answers 400 for a secret containing U+0000, naming /secret', async () => {
    const res = await api.call('POST', '/v1/webhooks', {
      token: full,
      body: { ...hook, secret: 'a-long-enough\u0000secret' },
    });
    expect([res.status, res.body.error.code, res.body.error.details.errors[0].path]).toEqual([
      400,
      'VALIDATION_ERROR',
      '/secret',
    ]);
  });

  it('answers 400 for a corrupt or mismatched Content-Encoding, 415 for an unknown one', async () => {
    const json = JSON.stringify(hook);
    const corrupt = await api.call('POST', '/v1/webhooks', {
      token: full,
      rawBody: 'not gzip at all',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect([corrupt.status, corrupt.body.error.code, corrupt.body.error.details.content_encoding]).toEqual([
      400,
      'VALIDATION_ERROR',
      'gzip',
    ]);
    const mismatched = await api.call('POST', '/v1/webhooks', {
      token: full,
      rawBody: json,
      headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' },
    });
    expect([mismatched.status, mismatched.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const unknown = await api.call('POST', '/v1/webhooks', {
      token: full,
      rawBody: json,
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-x' },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const compress = await api.call('POST', '/v1/webhooks', {
      token: full,
      rawBody: json,
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
    });
    expect([compress.status, compress.body.error.code, compress.body.error.details.content_encoding]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'compress',
    ]);
  });

  it.each(['utf-16', 'UTF-16LE', 'latin1', 'iso-8859-1'])(
    'answers 415 for a JSON body in charset %s, and takes utf-8 however it is written',
    async (charset) => {
      const contentType = `application/json; charset=${charset}`;
      const res = await api.call('POST', '/v1/webhooks', {
        token: full,
        rawBody: JSON.stringify(hook),
        headers: { 'content-type': contentType },
      });
      expect([res.status, res.body.error.code, res.body.error.details]).toEqual([
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        { content_type: contentType, charset: charset.toLowerCase() },
      ]);
      for (const utf8 of ['utf-8', 'UTF-8', '"utf-8"']) {
        const ok = await api.call('POST', '/v1/webhooks', {
          token: full,
          rawBody: JSON.stringify(hook),
          headers: { 'content-type': `application/json; charset=${utf8}` },
        });
        expect([utf8, ok.status]).toEqual([utf8, 201]);
        await api.call('DELETE', `/v1/webhooks/${ok.body.id}`, { token: full });
      }
    },
  );

  it('names the location of every VALIDATION_ERROR: a disabled webhook to test is its path /id', async () => {
    const created = await api.call('POST', '/v1/webhooks', { token: full, body: hook });
    await new WebhookStore(db).disableAny(created.body.id, 'disabled by an administrator');
    const res = await api.call('POST', `/v1/webhooks/${created.body.id}/test`, { token: full });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toMatchObject({ location: 'path', errors: [{ path: '/id' }] });
    await api.call('DELETE', `/v1/webhooks/${created.body.id}`, { token: full });
  });

  it('names the location of the libraries’ VALIDATION_ERROR: the body they were handed', async () => {
    const engine = sdkEngine(new InvestmentDiscoveryCrew());
    const refusing = await startApi({
      db,
      engine: fixedEngine({
        ...engine,
        discover: () =>
          Promise.reject(
            new DiscoveryValidationError('Invalid custom_criteria: /custom_criteria/min_score must be <= 1', {
              details: { errors: [{ path: '/custom_criteria/min_score', message: 'must be <= 1' }] },
            }),
          ),
      }),
    });
    const token = (await new TokenStore(db).create('library-validation', ['discovery'])).token;
    try {
      const res = await refusing.call('POST', '/v1/discovery/discover/etf', { token, body: {} });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.error.details).toEqual({
        location: 'body',
        errors: [{ path: '/custom_criteria/min_score', message: 'must be <= 1' }],
      });
    } finally {
      await refusing.close();
    }
  });
});

describe('the admin routes', () => {
  it('challenge a request without the local admin secret with WWW-Authenticate: Bearer', async () => {
    const secret = 'local-admin-secret-for-challenges';
    const admin = await startApi({ db, engine: noEngine, adminSecret: secret });
    try {
      const missing = await admin.call('GET', '/v1/admin/tokens');
      expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const wrong = await admin.call('GET', '/v1/admin/tokens', { headers: { authorization: 'Bearer not-it' } });
      expect([wrong.status, wrong.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
      const right = await admin.call('GET', '/v1/admin/tokens', { headers: { authorization: `Bearer ${secret}` } });
      expect([right.status, right.headers.get('www-authenticate')]).toEqual([200, null]);
    } finally {
      await admin.close();
    }
  });
});

describe('path parameters that are not valid percent-encoding', () => {
  const capture = capturingLogger();
  let logged: TestApi;
  const SECRET = 'local-admin-secret-for-decoding';
  beforeAll(async () => {
    logged = await startApi({ db, engine: noEngine, logger: capture.logger, adminSecret: SECRET });
  });
  afterAll(async () => {
    await logged.close();
  });

  it.each([
    ['GET', '/v1/discovery/monitor/%zz', 'discovery', '/symbol'],
    ['GET', '/v1/discovery/prices/%E0%A4%A?days=5', 'discovery', '/symbol'],
    ['GET', '/v1/discovery/criteria/%E0%A4%A', 'discovery', '/asset_type'],
    ['GET', '/v1/webhooks/%zz', 'webhooks', '/id'],
    ['DELETE', '/v1/webhooks/%zz', 'webhooks', '/id'],
    ['GET', '/v1/webhooks/%zz/deliveries', 'webhooks', '/id'],
    ['DELETE', '/v1/admin/tokens/%zz', 'admin', '/id'],
  ])('%s %s is 400 VALIDATION_ERROR at location path, after authentication', async (method, path, scope, name) => {
    const credentials =
      scope === 'admin'
        ? { headers: { authorization: `Bearer ${SECRET}` } }
        : { token: scope === 'discovery' ? discoveryOnly : full };
    const res = await logged.call(method, path, credentials);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(res.body.error.details).toEqual({
      location: 'path',
      errors: [{ path: name, message: 'is not valid percent-encoded UTF-8' }],
    });
    expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
    // As for any other invalid parameter: authentication first, and the request counts.
    const anonymous = await logged.call(method, path);
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    if (scope !== 'admin') expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('answers another method on such a path 405, and logs no failure', async () => {
    const res = await logged.call('PUT', '/v1/webhooks/%zz', { token: full });
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD, DELETE']);
    const lines = capture.lines.map((line) => JSON.parse(line) as { level: string; message: string });
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(capture.lines.join('\n')).not.toMatch(/URIError|stack/);
  });
});

describe('errors, headers and operations routes', () => {
  it('answers unknown routes with the envelope, 404 or 405', async () => {
    const missing = await api.call('GET', '/v1/nothing-here', { token: full });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const wrongMethod = await api.call('PUT', '/v1/webhooks', { token: full });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST, GET, HEAD']);
  });

  it('reuses a plain caller request id and replaces an unsafe one', async () => {
    const reused = await api.call('GET', '/v1/webhooks', { headers: { 'x-request-id': 'lb-12345678' } });
    expect(reused.body.error.request_id).toBe('lb-12345678');
    const replaced = await api.call('GET', '/v1/webhooks', { headers: { 'x-request-id': 'bad id\twith tab' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9a-f-]{36}$/);
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await api.call('GET', '/healthz');
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).not.toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('reports readiness and serves metrics by route template and the OpenAPI document', async () => {
    expect((await api.call('GET', '/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    const metrics = await api.call('GET', '/metrics');
    expect(metrics.body).toMatch(
      /discovery_http_requests_total\{method="GET",route="\/v1\/webhooks",status="401"\} \d+/,
    );
    const doc = await api.call('GET', '/v1/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/v1/discovery/monitor/{symbol}');
  });
});

describe('rate limits (spec section 8)', () => {
  it('counts per token, sets the spec headers and answers 429 with Retry-After', async () => {
    const tokens = new TokenStore(db);
    const first = (await tokens.create('limited-1', ['webhooks'])).token;
    const second = (await tokens.create('limited-2', ['webhooks'])).token;
    const limitedApi = await startApi({
      db,
      engine: noEngine,
      rateLimits: withOverrides({ webhook_reads: { limit: 3 } }),
    });
    try {
      await expectLimited(limitedApi, first, second);
    } finally {
      await limitedApi.close();
    }
  }, 15_000);
});

describe('IETF rate-limit headers, content negotiation and CORS', () => {
  it('sends RateLimit and RateLimit-Policy beside X-RateLimit-*', async () => {
    const res = await api.call('GET', '/v1/webhooks', { token: full });
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"webhook_reads"; q=1000; w=3600(; |$)/);
    expect(res.headers.get('ratelimit')).toMatch(
      new RegExp(`^"webhook_reads"; r=${res.headers.get('x-ratelimit-remaining')}; t=\\d+`),
    );
  });

  it('answers 406 when Accept rules out what an operational route sends', async () => {
    const res = await api.call('GET', '/healthz', { headers: { accept: 'text/html' } });
    expect([res.status, res.body.error.code]).toEqual([406, 'NOT_ACCEPTABLE']);
    expect((await api.call('GET', '/healthz', { headers: { accept: 'application/json' } })).status).toBe(200);
  });

  it('is off by default and allows only the configured origins', async () => {
    const origin = 'https://app.example.com';
    const off = await fetch(`${api.baseUrl}/healthz`, { headers: { origin } });
    expect(off.headers.get('access-control-allow-origin')).toBeNull();
    const withCors = await startApi({ db, engine: noEngine, corsOrigins: [origin] });
    try {
      const allowed = await fetch(`${withCors.baseUrl}/v1/webhooks`, {
        headers: { origin, authorization: `Bearer ${full}` },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
      expect(allowed.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
      const other = await fetch(`${withCors.baseUrl}/v1/webhooks`, {
        headers: { origin: 'https://evil.example', authorization: `Bearer ${full}` },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${withCors.baseUrl}/v1/webhooks`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
      // Another origin gets no CORS headers at all, preflight included: its OPTIONS goes on
      // to the routes like any other request.
      const foreign = await fetch(`${withCors.baseUrl}/v1/webhooks`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect([...foreign.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect([foreign.status, ((await foreign.json()) as { error: { code: string } }).error.code]).toEqual([
        405,
        'METHOD_NOT_ALLOWED',
      ]);
      // A preflight for a path the API does not have is its 404.
      const nowhere = await fetch(`${withCors.baseUrl}/v1/nothing-here`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect([nowhere.status, ((await nowhere.json()) as { error: { code: string } }).error.code]).toEqual([
        404,
        'NOT_FOUND',
      ]);
      expect(nowhere.headers.get('access-control-allow-methods')).toBeNull();
    } finally {
      await withCors.close();
    }
  });
});

describe('webhook budgets', () => {
  it('lets a client that spent its registration budget still list and delete', async () => {
    const tokens = new TokenStore(db);
    const owner = (await tokens.create('budget', ['webhooks'])).token;
    const tight = await startApi({
      db,
      engine: noEngine,
      rateLimits: withOverrides({ webhooks: { limit: 2 } }),
      webhookUrlPolicy: { lookup: fakeDns },
    });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 2; i += 1)
        ids.push((await tight.call('POST', '/v1/webhooks', { token: owner, body: hook })).body.id as string);
      expect((await tight.call('POST', '/v1/webhooks', { token: owner, body: hook })).status).toBe(429);
      expect((await tight.call('GET', '/v1/webhooks', { token: owner })).status).toBe(200);
      for (const id of ids)
        expect((await tight.call('DELETE', `/v1/webhooks/${id}`, { token: owner })).status).toBe(204);
    } finally {
      await tight.close();
    }
  });
});

describe('GET /v1/webhooks/{id}/deliveries', () => {
  it('pages with a cursor, newest first, and refuses a foreign cursor', async () => {
    const created = await api.call('POST', '/v1/webhooks', { token: full, body: hook });
    const id = created.body.id as string;
    const other = (await api.call('POST', '/v1/webhooks', { token: full, body: hook })).body.id as string;
    for (let i = 0; i < 5; i += 1)
      expect((await api.call('POST', `/v1/webhooks/${id}/test`, { token: full })).status).toBe(202);
    expect((await api.call('POST', `/v1/webhooks/${other}/test`, { token: full })).status).toBe(202);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { id: string }[]; next_cursor: string | null } } = await api.call(
        'GET',
        `/v1/webhooks/${id}/deliveries?limit=2${cursor === null ? '' : `&after=${cursor}`}`,
        { token: full },
      );
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((d) => d.id));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    const all = await api.call('GET', `/v1/webhooks/${id}/deliveries`, { token: full });
    expect(seen).toEqual(all.body.data.map((d: { id: string }) => d.id));
    expect(seen).toHaveLength(5);
    const foreign = (await api.call('GET', `/v1/webhooks/${other}/deliveries`, { token: full })).body.data[0]
      .id as string;
    const bad = await api.call(
      'GET',
      `/v1/webhooks/${id}/deliveries?after=${Buffer.from(foreign).toString('base64url')}`,
      { token: full },
    );
    expect([bad.status, bad.body.error.details.errors[0].path]).toEqual([400, '/after']);
    const badLimit = await api.call('GET', `/v1/webhooks/${id}/deliveries?limit=0`, { token: full });
    expect([badLimit.status, badLimit.body.error.details.location]).toEqual([400, 'query']);
  }, 20_000);
});

async function expectLimited(api: TestApi, first: string, second: string): Promise<void> {
  {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await api.call('GET', '/v1/webhooks', { token: first });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await api.call('GET', '/v1/webhooks', { token: first });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(limited.headers.get('x-ratelimit-window')).toBe('3600');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    const retryAfter = Number(limited.headers.get('retry-after'));
    const nowSeconds = Date.now() / 1000;
    expect(reset).toBeGreaterThan(nowSeconds + 3000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 3600);
    expect(retryAfter).toBeGreaterThan(3000);
    expect((await api.call('GET', '/v1/webhooks', { token: second })).status).toBe(200);
  }
}

describe('internal failures', () => {
  it('answers 500 INTERNAL_ERROR without the internal message and 503 from /readyz', async () => {
    const broken = await openMemoryDatabase();
    const token = (await new TokenStore(broken).create('t', ['webhooks'])).token;
    const brokenApi = await startApi({
      db: broken,
      engine: noEngine,
      readinessChecks: { redis: () => Promise.reject(new Error('down')) },
    });
    try {
      expect((await brokenApi.call('GET', '/readyz')).body).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', redis: 'failed' },
      });
      await broken.query('DROP TABLE webhooks CASCADE');
      const res = await brokenApi.call('GET', '/v1/webhooks', { token });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('INTERNAL_ERROR');
      expect(JSON.stringify(res.body)).not.toMatch(/webhooks"? does not exist|relation|stack|at /);
    } finally {
      await brokenApi.close();
      await broken.close();
    }
  }, 20_000);
});
