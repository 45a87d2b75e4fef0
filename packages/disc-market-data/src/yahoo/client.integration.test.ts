import { YahooClient, type YahooOptions } from './client';
import { FakeServer } from '../testing/fake-server';
import { etfQuoteSummary, generatedSymbol, YAHOO_CRUMB, YAHOO_TOO_MANY, yahooRoute } from '../testing/yahoo-fixtures';

describe('YahooClient against a fake Yahoo Finance', () => {
  let server: FakeServer;
  const waits: number[] = [];
  const voo = {
    ...generatedSymbol('VOO', 'ETF', 1),
    longName: 'Vanguard S&P 500 ETF',
    quoteSummary: etfQuoteSummary('VOO', 'Vanguard S&P 500 ETF'),
  };
  const crumb = { value: YAHOO_CRUMB };
  const yahoo = (options: Partial<YahooOptions> = {}) =>
    new YahooClient(
      { baseUrl: server.baseUrl, cookieUrl: `${server.baseUrl}/fc`, requestsPerMinute: 60_000, ...options },
      {
        timeoutMs: 2000,
        retry: { retries: 2, baseDelayMs: 10 },
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );

  beforeAll(async () => {
    server = await FakeServer.start(yahooRoute([voo], crumb));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    waits.length = 0;
    server.requests.length = 0;
    crumb.value = YAHOO_CRUMB;
  });

  it('requests five years of daily bars and maps them', async () => {
    const chart = await yahoo().chart('VOO');
    expect(chart.prices.closes).toHaveLength(800);
    expect(chart.prices.dates?.[799]).toBe('2026-11-20');
    expect(chart.price).toBe(voo.closes[799]);
    const req = server.requests.find((r) => r.path === '/v8/finance/chart/VOO');
    expect(req?.query.get('range')).toBe('5y');
    expect(req?.query.get('interval')).toBe('1d');
  });

  it('opens a session (cookie, then crumb) and asks quoteSummary for the fund and company modules', async () => {
    const profile = await yahoo().quoteSummary('VOO');
    expect(profile.fund.expenseRatio).toBe(0.03);
    expect(server.requests.map((r) => r.path)).toEqual(['/fc', '/v1/test/getcrumb', '/v10/finance/quoteSummary/VOO']);
    const req = server.requests[2];
    expect(req?.query.get('modules')).toBe(
      'fundProfile,defaultKeyStatistics,summaryDetail,financialData,price,assetProfile',
    );
    expect(req?.query.get('crumb')).toBe(YAHOO_CRUMB);
    expect(req?.headers.cookie).toMatch(/^A3=d=/);
  });

  it('opens a new session once when Yahoo says "Invalid Crumb"', async () => {
    const client = yahoo();
    await client.quoteSummary('VOO');
    crumb.value = 'rotated.Crumb';
    await expect(client.quoteSummary('VOO')).resolves.toMatchObject({ quoteType: 'ETF' });
    expect(server.count('/v1/test/getcrumb')).toBe(2);
  });

  it("uses a configured crumb as is, and reports a refused one with Yahoo's words", async () => {
    await expect(yahoo({ crumb: 'stale', headers: { Cookie: 'A3=old' } }).quoteSummary('VOO')).rejects.toMatchObject({
      details: { reason: 'rejected', status: 401, provider_message: 'Unauthorized: Invalid Crumb' },
    });
    expect(server.count('/v1/test/getcrumb')).toBe(0);
    expect(server.requests[0]?.query.get('crumb')).toBe('stale');
  });

  it('retries "429 Too Many Requests" after Retry-After', async () => {
    server.script('/v8/finance/chart/VOO', YAHOO_TOO_MANY);
    await expect(yahoo().chart('VOO')).resolves.toMatchObject({ symbol: 'VOO' });
    expect(waits).toEqual([2000]);
  });

  it("gives MarketDataError not_found with Yahoo's description for an unknown symbol", async () => {
    await expect(yahoo().chart('NOPE')).rejects.toMatchObject({
      code: 'MARKET_DATA_UNAVAILABLE',
      details: {
        provider: 'yahoo',
        reason: 'not_found',
        status: 404,
        provider_message: 'Not Found: No data found, symbol may be delisted',
      },
    });
  });

  it('reports a 200 with a body of the wrong shape as malformed, naming the path', async () => {
    server.script('/v10/finance/quoteSummary/VOO', { body: { quoteSummary: { result: [], error: null } } });
    await expect(yahoo().quoteSummary('VOO')).rejects.toMatchObject({
      details: { reason: 'malformed', provider_message: '$.quoteSummary.result[0] is missing for VOO' },
    });
  });
});
