import { connect } from 'node:net';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { capturingLogger } from '../test-support/log-capture';

// Requests Node's HTTP parser refuses never reach the app: they are written here byte by byte,
// as a client that gets HTTP wrong (or a scanner) would send them.
const noEngine: EngineSource = { current: () => Promise.reject(new Error('the discovery engine is not used here')) };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` on a new connection and reads until the server closes it. */
function exchange(url: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) {
        reject(new Error(`no complete response: ${JSON.stringify(text)}`));
        return;
      }
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
  });
}

describe('what the HTTP parser refuses', () => {
  let db: Database;
  let api: TestApi;
  const capture = capturingLogger();
  beforeAll(async () => {
    db = await openMemoryDatabase();
    api = await startApi({ db, engine: noEngine, logger: capture.logger });
  });
  afterAll(async () => {
    await api.close();
    await db.close();
  });

  const big = 'a'.repeat(17_000);
  it.each([
    [
      'an Authorization header over 16 kB',
      `GET /v1/webhooks HTTP/1.1\r\nHost: api\r\nAuthorization: Bearer ${big}\r\n\r\n`,
    ],
    ['a URL over 16 kB', `GET /v1/discovery/monitor/${big} HTTP/1.1\r\nHost: api\r\n\r\n`],
  ])('answers %s with 431 HEADERS_TOO_LARGE in the envelope, then closes', async (_label, request) => {
    const answer = await exchange(api.baseUrl, request);
    expect([answer.status, answer.headers.connection, answer.headers['content-type']]).toEqual([
      431,
      'close',
      'application/json; charset=utf-8',
    ]);
    const body = JSON.parse(answer.body) as { error: { code: string; request_id: string; details: object } };
    expect(body.error).toMatchObject({ code: 'HEADERS_TOO_LARGE', details: { limit_bytes: 16_384 } });
    expect(body.error.request_id).toMatch(/^req_/);
    expect(answer.headers['x-request-id']).toBe(body.error.request_id);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  it.each([
    [
      'both Transfer-Encoding and Content-Length',
      'POST /v1/webhooks HTTP/1.1\r\nHost: api\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
    ],
    ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: api\r\nBad Header: 1\r\n\r\n'],
    ['an unknown method', 'BREW /healthz HTTP/1.1\r\nHost: api\r\n\r\n'],
  ])('answers %s with 400 MALFORMED_REQUEST in the envelope, then closes', async (_label, request) => {
    const answer = await exchange(api.baseUrl, request);
    expect([answer.status, answer.headers.connection, answer.headers['content-type']]).toEqual([
      400,
      'close',
      'application/json; charset=utf-8',
    ]);
    const body = JSON.parse(answer.body) as { error: { code: string; request_id: string; details: object } };
    expect(body.error).toMatchObject({ code: 'MALFORMED_REQUEST', details: { reason: expect.any(String) } });
    expect(answer.headers['x-request-id']).toBe(body.error.request_id);
  });

  it('answers an HTTP/1.1 request without Host with 400 MALFORMED_REQUEST in the envelope; HTTP/1.0 needs none', async () => {
    const answer = await exchange(
      api.baseUrl,
      'GET /healthz HTTP/1.1\r\nX-Request-Id: lb-12345678\r\nConnection: keep-alive\r\n\r\n',
    );
    expect([answer.status, answer.headers.connection, answer.headers['x-request-id']]).toEqual([
      400,
      'close',
      'lb-12345678',
    ]);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'MALFORMED_REQUEST', details: { reason: 'missing_host' }, request_id: 'lb-12345678' },
    });
    const old = await exchange(api.baseUrl, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect([old.status, JSON.parse(old.body)]).toEqual([200, { status: 'ok' }]);
  });

  it('logs a refusal with its request id, without a stack trace', async () => {
    const answer = await exchange(api.baseUrl, 'BREW /healthz HTTP/1.1\r\nHost: api\r\n\r\n');
    const id = answer.headers['x-request-id'];
    const logged = capture.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.request_id === id);
    expect(logged).toEqual([
      expect.objectContaining({ message: 'request refused', status: 400, code: 'MALFORMED_REQUEST' }),
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/stack|\bat /);
  });
});
