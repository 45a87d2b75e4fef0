import { createHttpSender } from '@disc/webhooks';
import type { TestReceiver } from '@fin/test-utils';
import { startReceiver } from '@fin/test-utils';

const BODY = '{"event":"webhook.test","timestamp":"2026-03-02T06:00:00.000Z","data":{}}';
const HEADERS = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1772431200', 'webhook-signature': 'v1,abc=' };

describe('createHttpSender', () => {
  let receiver: TestReceiver;
  afterEach(() => receiver.close());

  it('POSTs the body unchanged with the webhook headers and counts a 2xx as delivered', async () => {
    receiver = await startReceiver(() => 204);
    const result = await createHttpSender()({ url: receiver.url, body: BODY, headers: HEADERS });
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(result.error).toBeUndefined();
    const [request] = receiver.received;
    expect(request).toMatchObject({ method: 'POST', path: '/hooks', body: BODY });
    expect(request?.headers).toMatchObject({ ...HEADERS, 'content-type': 'application/json' });
  });

  it('reports a 500 with its status and the start of the answer', async () => {
    receiver = await startReceiver(() => 500);
    const result = await createHttpSender()({ url: receiver.url, body: BODY, headers: HEADERS });
    expect(result).toMatchObject({ ok: false, status: 500, responseBody: 'answer 0' });
    expect(result.error).toContain('HTTP 500');
  });

  it('does not follow redirects', async () => {
    receiver = await startReceiver((request, _index, response) => {
      if (request.path === '/hooks') {
        response.writeHead(307, { location: '/elsewhere' }).end();
        return undefined;
      }
      return 200;
    });
    const result = await createHttpSender()({ url: receiver.url, body: BODY, headers: HEADERS });
    expect(result).toMatchObject({ ok: false, status: 307 });
    expect(result.error).toContain('redirects are not followed');
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
  });

  it('reads at most maxResponseBytes of the answer', async () => {
    receiver = await startReceiver((_request, _index, response) => {
      response.writeHead(200).end('x'.repeat(100_000));
      return undefined;
    });
    const result = await createHttpSender({ maxResponseBytes: 4096 })({
      url: receiver.url,
      body: BODY,
      headers: HEADERS,
    });
    expect(result.ok).toBe(true);
    expect(result.responseBody).toHaveLength(4096);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver = await startReceiver(() => undefined);
    const result = await createHttpSender({ timeoutMs: 200 })({ url: receiver.url, body: BODY, headers: HEADERS });
    expect(result).toMatchObject({ ok: false, error: 'no answer within 200 ms' });
    expect(result.status).toBeUndefined();
  });

  it('reports a refused connection', async () => {
    receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close();
    const result = await createHttpSender()({ url, body: BODY, headers: HEADERS });
    expect(result.ok).toBe(false);
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('connects to the pinned addresses, not to what DNS says now', async () => {
    receiver = await startReceiver();
    // *.invalid never resolves (RFC 6761): reaching the receiver proves the pinned address was used.
    const url = `http://receiver.invalid:${receiver.port}/hooks`;
    const result = await createHttpSender()({
      url,
      body: BODY,
      headers: HEADERS,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(receiver.received[0]?.headers.host).toBe(`receiver.invalid:${receiver.port}`);
  });
});
