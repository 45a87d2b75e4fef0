import { CoinGeckoClient } from './client';
import { coingeckoRoute, COINGECKO_TOO_MANY, fakeCoin } from '../testing/coingecko-fixtures';
import { FakeServer } from '../testing/fake-server';

describe('CoinGeckoClient against a fake CoinGecko', () => {
  let server: FakeServer;
  const waits: number[] = [];
  const btc = fakeCoin('bitcoin', 'btc', 'Bitcoin', 21, '2009-01-03');
  const tuning = {
    timeoutMs: 2000,
    retry: { retries: 2, baseDelayMs: 10 },
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };

  beforeAll(async () => {
    server = await FakeServer.start(coingeckoRoute([btc]));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    waits.length = 0;
    server.requests.length = 0;
  });

  it('sends the demo key header and asks for USD markets of the ids', async () => {
    const cg = new CoinGeckoClient(
      { baseUrl: server.baseUrl, apiKey: 'CG-demo-key-123456', requestsPerMinute: 60_000 },
      tuning,
    );
    const [row] = await cg.markets(['bitcoin']);
    expect(row).toMatchObject({ id: 'bitcoin', symbol: 'BTC', price: btc.price, volume24h: 38_500_000_000 });
    const req = server.requests[0];
    expect(req?.headers['x-cg-demo-api-key']).toBe('CG-demo-key-123456');
    expect(req?.headers['x-cg-pro-api-key']).toBeUndefined();
    expect(req?.query.get('vs_currency')).toBe('usd');
    expect(req?.query.get('ids')).toBe('bitcoin');
  });

  it('uses the pro header and three years of history on the pro plan', async () => {
    const cg = new CoinGeckoClient(
      { baseUrl: server.baseUrl, apiKey: 'CG-pro-key-1234567', plan: 'pro', requestsPerMinute: 60_000 },
      tuning,
    );
    expect(cg.historyDays).toBe(1095);
    await expect(cg.history('bitcoin')).rejects.toMatchObject({
      details: {
        reason: 'rejected',
        status: 401,
        provider_message: expect.stringContaining('limited to querying historical data within the past 365 days'),
      },
    });
    expect(server.requests[0]?.headers['x-cg-pro-api-key']).toBe('CG-pro-key-1234567');
  });

  it('maps millisecond timestamps of a year of daily history to weekday closes', async () => {
    const cg = new CoinGeckoClient({ baseUrl: server.baseUrl, requestsPerMinute: 60_000 }, tuning);
    const series = await cg.history('bitcoin');
    expect(server.requests[0]?.query.get('days')).toBe('365');
    expect(series.dates?.[series.dates.length - 1]).toBe('2026-11-20'); // Saturday the 21st is dropped
    expect(series.closes[series.closes.length - 1]).toBe(btc.prices[btc.days.indexOf('2026-11-20')]);
    expect(series.dates?.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
  });

  it('waits out a 429 with Retry-After', async () => {
    server.script('/api/v3/coins/bitcoin', { status: 429, headers: { 'retry-after': '30' }, body: COINGECKO_TOO_MANY });
    const cg = new CoinGeckoClient({ baseUrl: server.baseUrl, requestsPerMinute: 60_000 }, tuning);
    await expect(cg.detail('bitcoin')).resolves.toEqual({ genesisDate: '2009-01-03', category: 'Cryptocurrency' });
    expect(waits).toEqual([30_000]);
  });

  it('reports an unknown coin as not_found', async () => {
    const cg = new CoinGeckoClient({ baseUrl: server.baseUrl, requestsPerMinute: 60_000 }, tuning);
    await expect(cg.detail('no-such-coin')).rejects.toMatchObject({
      details: { provider: 'coingecko', reason: 'not_found', provider_message: 'coin not found' },
    });
  });
});
