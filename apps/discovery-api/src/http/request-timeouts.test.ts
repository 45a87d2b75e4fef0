import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { silentLogger } from '../logging';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { rawConnection, responsesIn } from '../test-support/raw-http';
import { createHttpServer } from './http-server';

// docs/errors.md, docs/operations.md: a request that does not arrive in full is answered
// 408 REQUEST_TIMEOUT in the error envelope, and its connection closed. A body declared longer
// than what is sent used to hold the request (and a shutdown) for Node's 300 s requestTimeout,
// which then answered a bare `408 Request Timeout`.

const noEngine: EngineSource = { current: () => Promise.reject(new Error('the discovery engine is not used here')) };

let db: Database;
let api: TestApi;
let token: string;
beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('timeouts', ['discovery', 'webhooks'])).token;
  api = await startApi({ db, engine: noEngine, bodyTimeoutMs: 300, bodyLimitBytes: 2048 });
});
afterAll(async () => {
  await api.close();
  await db.close();
});

const head = (path: string, headers: string[]): string =>
  [`POST ${path} HTTP/1.1`, 'Host: api', `Authorization: Bearer ${token}`, ...headers, '', ''].join('\r\n');

it('answers a body shorter than its Content-Length with 408 REQUEST_TIMEOUT in the envelope, then closes', async () => {
  const connection = await rawConnection(api.baseUrl);
  connection.write(
    head('/v1/discovery/discover/etf', ['Content-Type: application/json', 'Content-Length: 100']) + '{}',
  );
  const [answer, ...more] = responsesIn(await connection.closed);
  expect([answer?.status, answer?.headers.connection, more]).toEqual([408, 'close', []]);
  const body = JSON.parse(answer!.body) as { error: { code: string; request_id: string; details: object } };
  expect(body.error).toMatchObject({ code: 'REQUEST_TIMEOUT', details: { timeout_ms: 300 } });
  expect(answer!.headers['x-request-id']).toBe(body.error.request_id);
});

it('answers headers that never end with 408 REQUEST_TIMEOUT in the envelope, then closes', async () => {
  const server = createHttpServer(() => undefined, { logger: silentLogger(), headersTimeoutMs: 300 });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const connection = await rawConnection(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    connection.write('GET /healthz HTTP/1.1\r\nHost: api\r\nX-Slow: 1\r\n');
    const [answer, ...more] = responsesIn(await connection.closed);
    expect([answer?.status, answer?.headers.connection, more]).toEqual([408, 'close', []]);
    const body = JSON.parse(answer!.body) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe('REQUEST_TIMEOUT');
    expect(answer!.headers['x-request-id']).toBe(body.error.request_id);
  } finally {
    server.close();
  }
});

describe('Expect: 100-continue', () => {
  it('answers a Content-Length over the limit 413 instead of 100 Continue, so the body is never sent', async () => {
    const connection = await rawConnection(api.baseUrl);
    connection.write(
      head('/v1/webhooks', ['Content-Type: application/json', 'Content-Length: 5000000', 'Expect: 100-continue']),
    );
    const [answer, ...more] = responsesIn(await connection.closed);
    expect([answer?.status, more]).toEqual([413, []]);
    expect(JSON.parse(answer!.body)).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE', details: { limit_bytes: 2048 } },
    });
  });

  it('sends 100 Continue for a body within the limit, then answers the request', async () => {
    const connection = await rawConnection(api.baseUrl);
    const body = '{"colour":"blue"}';
    connection.write(
      head('/v1/webhooks', [
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Expect: 100-continue',
        'Connection: close',
      ]),
    );
    await connection.received(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    connection.write(body);
    const [interim, answer] = responsesIn(await connection.closed);
    expect([interim?.status, answer?.status]).toEqual([100, 400]);
    expect(JSON.parse(answer!.body)).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        details: { errors: expect.arrayContaining([{ path: '/colour', message: 'is not an allowed member' }]) },
      },
    });
  });
});
