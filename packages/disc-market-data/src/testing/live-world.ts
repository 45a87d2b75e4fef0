import { LiveMarketDataProvider, type LiveProviderConfig } from '../live-provider';
import { coingeckoRoute, fakeCoin, type FakeCoin } from './coingecko-fixtures';
import { FakeServer } from './fake-server';
import { FRED_TEST_KEY, fredRoute, standardFredSeries, type FredSeries } from './fred-fixtures';
import { TEST_NOW } from './series';
import { etfQuoteSummary, generatedSymbol, stockQuoteSummary, yahooRoute, type YahooSymbol } from './yahoo-fixtures';

/** The data the three fake providers serve. */
export interface WorldData {
  gspc: YahooSymbol;
  voo: YahooSymbol;
  spy: YahooSymbol;
  msft: YahooSymbol;
  bitcoin: FakeCoin;
  ethereum: FakeCoin;
  fred: FredSeries[];
}

export function worldData(): WorldData {
  const gspc = generatedSymbol('^GSPC', 'INDEX', 5, 800, 6000);
  // VOO follows the S&P 500 at about a tenth of its level; cent rounding is its only tracking error.
  const vooCloses = gspc.closes.map((c) => Math.round((c as number) * 9.2) / 100);
  return {
    gspc,
    voo: {
      symbol: 'VOO',
      instrumentType: 'ETF',
      longName: 'Vanguard S&P 500 ETF',
      dates: gspc.dates,
      closes: vooCloses,
      adjcloses: vooCloses,
      quoteSummary: etfQuoteSummary('VOO', 'Vanguard S&P 500 ETF'),
    },
    spy: { ...generatedSymbol('SPY', 'ETF', 6, 800, 600), longName: 'SPDR S&P 500 ETF Trust' },
    msft: {
      ...generatedSymbol('MSFT', 'EQUITY', 7, 800, 380),
      longName: 'Microsoft Corporation',
      quoteSummary: stockQuoteSummary('MSFT', 'Microsoft Corporation'),
    },
    bitcoin: fakeCoin('bitcoin', 'btc', 'Bitcoin', 21, '2009-01-03'),
    ethereum: fakeCoin('ethereum', 'eth', 'Ethereum', 22, null, 3100),
    fred: standardFredSeries(),
  };
}

/** Three fake providers with a small, realistic universe, and live providers wired to them. */
export class LiveWorld {
  now = TEST_NOW;
  readonly waits: number[] = [];

  private constructor(
    readonly data: WorldData,
    readonly yahoo: FakeServer,
    readonly coingecko: FakeServer,
    readonly fred: FakeServer,
  ) {}

  static async start(data: WorldData = worldData()): Promise<LiveWorld> {
    const [yahoo, coingecko, fred] = await Promise.all([
      FakeServer.start(yahooRoute([data.gspc, data.voo, data.spy, data.msft])),
      FakeServer.start(coingeckoRoute([data.bitcoin, data.ethereum])),
      FakeServer.start(fredRoute(data.fred)),
    ]);
    return new LiveWorld(data, yahoo, coingecko, fred);
  }

  config(overrides: Partial<LiveProviderConfig> = {}): LiveProviderConfig {
    return {
      universe: {
        etf: [{ symbol: 'VOO', tracking_index: '^GSPC' }, 'SPY'],
        stock: ['MSFT', 'NOPE'],
        crypto: [{ id: 'bitcoin', institutional_adoption: true }, 'ethereum'],
      },
      benchmark: 'SPY',
      yahoo: { baseUrl: this.yahoo.baseUrl, cookieUrl: `${this.yahoo.baseUrl}/fc`, requestsPerMinute: 60_000 },
      coingecko: { baseUrl: this.coingecko.baseUrl, requestsPerMinute: 60_000 },
      fred: { baseUrl: this.fred.baseUrl, apiKey: FRED_TEST_KEY, requestsPerMinute: 60_000 },
      cacheTtlMs: 15 * 60_000,
      timeoutMs: 2000,
      retries: 1,
      ...overrides,
    };
  }

  provider(overrides: Partial<LiveProviderConfig> = {}): LiveMarketDataProvider {
    return new LiveMarketDataProvider(this.config(overrides), {
      now: () => this.now,
      sleep: async (ms) => {
        this.waits.push(ms);
      },
      random: () => 0.5,
    });
  }

  /** Data requests made so far (Yahoo's session set-up not counted). */
  get requestCount(): number {
    const yahooData = this.yahoo.requests.filter((r) => r.path !== '/fc' && r.path !== '/v1/test/getcrumb').length;
    return yahooData + this.coingecko.requests.length + this.fred.requests.length;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.yahoo.close(), this.coingecko.close(), this.fred.close()]);
  }
}
