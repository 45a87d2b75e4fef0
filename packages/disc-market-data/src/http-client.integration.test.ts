import { MarketDataError } from '@disc/types';
import { HttpClient, type HttpClientOptions } from './http-client';
import { FakeServer } from './testing/fake-server';

describe('HttpClient against a local server', () => {
  let server: FakeServer;
  const waits: number[] = [];
  const client = (extra: Partial<HttpClientOptions> = {}) =>
    new HttpClient({
      source: 'fred',
      baseUrl: server.baseUrl,
      timeoutMs: 2000,
      requestsPerMinute: 60_000,
      retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 5000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
      describeError: (b) => (b as { error_message?: string }).error_message,
      ...extra,
    });

  beforeEach(async () => {
    waits.length = 0;
    server = await FakeServer.start(() => ({ body: { ok: true } }));
  });
  afterEach(() => server.close());

  it('retries a 429 after the Retry-After the server asked for', async () => {
    server.script('/data', {
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error_code: 429, error_message: 'Too Many Requests.' },
    });
    await expect(client().getJson('/data')).resolves.toEqual({ ok: true });
    expect(server.count('/data')).toBe(2);
    expect(waits).toEqual([2000]);
  });

  it('retries 5xx with exponential backoff and jitter, then gives up with MarketDataError', async () => {
    const boom = { status: 500, body: { error_code: 500, error_message: 'Internal Server Error' } };
    server.script('/data', boom, boom, boom, boom);
    const error = await client()
      .getJson('/data')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataError);
    expect((error as MarketDataError).code).toBe('MARKET_DATA_UNAVAILABLE');
    expect((error as MarketDataError).details).toMatchObject({
      provider: 'fred',
      reason: 'unavailable',
      status: 500,
      attempts: 4,
      provider_message: 'Internal Server Error',
    });
    expect(server.count('/data')).toBe(4);
    expect(waits).toEqual([50, 100, 200]); // random 0.5 × 100, 200, 400
  });

  it('does not retry a 400 and carries the provider message', async () => {
    server.script('/data', {
      status: 400,
      body: { error_code: 400, error_message: 'Bad Request.  The series does not exist.' },
    });
    await expect(client().getJson('/data')).rejects.toMatchObject({
      details: { reason: 'rejected', status: 400, provider_message: 'Bad Request.  The series does not exist.' },
    });
    expect(server.count('/data')).toBe(1);
  });

  it('reports a malformed body as such', async () => {
    server.script('/data', { status: 200, body: '<html>maintenance</html>' });
    await expect(client().getJson('/data')).rejects.toMatchObject({ details: { reason: 'malformed' } });
  });

  it('times out a server that does not answer, retrying first', async () => {
    server.script('/data', { hang: true }, { hang: true });
    const error = await client({ timeoutMs: 100, retry: { retries: 1 } })
      .getJson('/data')
      .catch((e: unknown) => e);
    expect((error as MarketDataError).details).toMatchObject({ reason: 'timeout', attempts: 2 });
  });

  it('reports a closed port as unreachable', async () => {
    const url = server.baseUrl;
    await server.close();
    const c = new HttpClient({
      source: 'yahoo',
      baseUrl: url,
      timeoutMs: 500,
      requestsPerMinute: 60_000,
      retry: { retries: 0 },
    });
    await expect(c.getJson('/x')).rejects.toMatchObject({ details: { provider: 'yahoo', reason: 'unreachable' } });
    server = await FakeServer.start(() => ({ body: {} }));
  });

  it('keeps to the configured number of requests in flight', async () => {
    const slow = { delayMs: 30, body: { ok: true } };
    server.script('/slow', slow, slow, slow, slow, slow, slow);
    const c = client({ maxConcurrent: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map(() => c.getJson('/slow')));
    expect(server.count('/slow')).toBe(6);
    expect(server.maxInFlight).toBe(2);
  });

  it('never puts the API key in an error', async () => {
    const key = 'abcdef0123456789abcdef0123456789';
    server.script('/fred', {
      status: 400,
      body: {
        error_code: 400,
        error_message: `Bad Request.  The value ${key} for variable api_key is not registered.`,
      },
    });
    const error = (await client({ secrets: [key] })
      .getJson('/fred/series/observations', { series_id: 'DGS10', api_key: key })
      .catch((e: unknown) => e)) as MarketDataError;
    const everything = JSON.stringify({ message: error.message, details: error.details });
    expect(everything).not.toContain(key);
    expect(error.details.url).toBe(`${server.baseUrl}/fred/series/observations?series_id=DGS10&api_key=***`);
    expect(server.requests[0]?.query.get('api_key')).toBe(key);
  });
});
