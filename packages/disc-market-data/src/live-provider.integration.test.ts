import { deriveMarketContext, LiveMarketDataProvider, parseSnapshot } from '@disc/market-data';
import { analyse, isGrade } from '@disc/scoring';
import { MarketDataError } from '@disc/types';
import { LiveWorld } from './testing/live-world';

describe('LiveMarketDataProvider against fake Yahoo, CoinGecko and FRED', () => {
  let world: LiveWorld;
  beforeEach(async () => {
    world = await LiveWorld.start();
  });
  afterEach(() => world.close());

  it("assembles a snapshot that passes the snapshot format's own validation", async () => {
    const provider = world.provider();
    const snapshot = await provider.snapshot();
    expect(() => parseSnapshot(snapshot, 'live')).not.toThrow();
    expect(snapshot.sample).toBe(false);
    expect(snapshot.as_of).toBe('2026-11-20');
    expect(snapshot.instruments.map((i) => i.symbol).sort()).toEqual(['BTC', 'ETH', 'MSFT', 'SPY', 'VOO']);
    expect(await provider.isSample()).toBe(false);
  });

  it('builds an ETF with every unit converted at the adapter', async () => {
    const voo = await world.provider().getInstrument('voo');
    expect(voo?.market_cap).toBeNull();
    expect(voo?.etf).toMatchObject({
      expense_ratio: 0.03, // Yahoo 0.0003 → percent points
      aum: 1_442_870_000_000,
      history_years: Number(
        ((Date.parse('2026-11-20T00:00:00Z') - Date.parse('2010-09-07T00:00:00Z')) / (365.25 * 86_400_000)).toPrecision(
          12,
        ),
      ),
      ucits_compliant: false, // a US listing
      region: 'US',
      category: 'Large Blend',
      dividend_yield: 0.0118,
    });
    // Tracking error measured against ^GSPC: small, because VOO follows it up to cent rounding.
    expect(voo?.etf?.tracking_error).toBeGreaterThan(0);
    expect(voo?.etf?.tracking_error).toBeLessThan(0.002);
  });

  it('builds a stock with debt/equity as a ratio', async () => {
    const msft = await world.provider().getInstrument('MSFT');
    expect(msft?.market_cap).toBe(3_808_000_000_000);
    expect(msft?.stock).toEqual({
      roe: 0.33281,
      revenue_growth_5y: 0.184,
      debt_to_equity: 0.32661,
      free_cash_flow: 53_337_374_720,
      profit_margin: 0.35707,
      sector: 'Technology',
      region: 'US',
      pe_ratio: 37.21,
    });
  });

  it('builds coins from CoinGecko, with age from genesis_date or, lacking it, the first price', async () => {
    const provider = world.provider();
    const btc = await provider.getInstrument('BTC');
    expect(btc).toMatchObject({
      asset_type: 'crypto',
      current_price: world.data.bitcoin.price,
      market_cap: world.data.bitcoin.marketCap,
    });
    expect(btc?.crypto).toEqual({
      daily_volume: 38_500_000_000,
      age_months: 214,
      institutional_adoption: true,
      category: 'Cryptocurrency',
    });
    const eth = await provider.getInstrument('ETH');
    expect(eth?.crypto?.age_months).toBe(11); // 2025-11-21 to the data's date 2026-11-20
    expect(eth?.crypto?.institutional_adoption).toBe(false);
    expect((await provider.dataAge()).notes).toContain(
      'ethereum: CoinGecko has no genesis date; age counted from the first price (2025-11-21), a lower bound',
    );
  });

  it('leaves out a symbol Yahoo does not know, and says so', async () => {
    const provider = world.provider();
    expect(await provider.getInstrument('NOPE')).toBeUndefined();
    expect((await provider.dataAge()).notes).toContain('NOPE: unknown to Yahoo Finance; left out');
    expect((await provider.listInstruments('stock')).map((i) => i.symbol)).toEqual(['MSFT']);
  });

  it("reads the market context from FRED and the benchmark with the screening package's rules", async () => {
    const provider = world.provider();
    const snapshot = await provider.snapshot();
    const ctx = await provider.getMarketContext();
    const expected = deriveMarketContext({ ...snapshot.market, benchmark: snapshot.market.benchmark.prices });
    expect(ctx).toMatchObject({
      regime: expected.regime,
      vix_level: expected.vix_level,
      interest_rate_environment: expected.interest_rate_environment,
      inflation_rate: expected.inflation_rate,
      sample: false,
    });
    expect(ctx.risk_free_rate).toBeLessThan(0.1); // a fraction, not 4.2
    expect(ctx.inflation_rate).toBe(0.0304); // 1.0025^12 − 1 rounded
    expect(ctx.data_source).toBe('live market data (Yahoo Finance, CoinGecko, FRED) fetched 2026-11-21T12:00:00.000Z');
  });

  it('serves metrics computed from the live history', async () => {
    const [entry] = await world.provider().universe('etf');
    expect(entry?.instrument.symbol).toBe('VOO');
    expect(entry?.metrics.observations).toBe(800);
    expect(entry?.metrics.beta).not.toBeNull();
  });

  it('feeds the scoring core: every instrument of every type gets a grade and a rationale citing its fundamentals', async () => {
    const provider = world.provider();
    const context = await provider.getMarketContext();
    const graded: Record<string, string> = {};
    for (const type of ['etf', 'stock', 'crypto'] as const) {
      for (const { instrument, metrics } of await provider.universe(type)) {
        const a = analyse(instrument, metrics, { context, discoveryDate: '2026-11-21T12:00:00Z' });
        expect(isGrade(a.final_grade)).toBe(true);
        graded[instrument.symbol] = a.rationale.join(' ');
      }
    }
    expect(Object.keys(graded).sort()).toEqual(['BTC', 'ETH', 'MSFT', 'SPY', 'VOO']);
    expect(graded.VOO).toContain('0.03 %'); // the expense ratio, in percent points
  });

  it('reuses answers within the TTL and fetches again after it', async () => {
    const provider = world.provider();
    await provider.getMarketContext();
    const first = world.requestCount;
    world.now += 14 * 60_000;
    await provider.universe('etf');
    await provider.getMarketContext();
    expect(world.requestCount).toBe(first);
    world.now += 60_000;
    await provider.getMarketContext();
    expect(world.requestCount).toBe(2 * first);
    expect(world.yahoo.count('/v8/finance/chart/SPY')).toBe(2);
  });

  it('keeps answering from cached data when the providers go down, saying how old it is', async () => {
    const provider = world.provider();
    const before = await provider.snapshotId();
    await world.close();
    world.now += 2 * 60 * 60_000 + 5 * 60_000;
    const ctx = await provider.getMarketContext();
    expect(ctx.data_source).toBe(
      'live market data (Yahoo Finance, CoinGecko, FRED) fetched 2026-11-21T12:00:00.000Z; STALE: 14 sources unavailable, serving cached data up to 2h 5m old',
    );
    const age = await provider.dataAge();
    expect(age.stale).toBe(true);
    expect(age.age_ms).toBe(7_500_000);
    expect(age.stale_sources.find((s) => s.what === 'FRED VIXCLS')).toMatchObject({
      fetched_at: '2026-11-21T12:00:00.000Z',
      age_ms: 7_500_000,
      error: expect.stringContaining('FRED is unreachable'),
    });
    expect(await provider.snapshotId()).toBe(before);
    expect((await provider.universe('stock')).map((e) => e.instrument.symbol)).toEqual(['MSFT']);
  });

  it('gives MarketDataError naming the provider when nothing was ever fetched', async () => {
    await world.fred.close();
    const error = await world
      .provider()
      .getMarketContext()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataError);
    expect((error as MarketDataError).code).toBe('MARKET_DATA_UNAVAILABLE');
    expect((error as MarketDataError).details).toMatchObject({ provider: 'fred', reason: 'unreachable' });
    expect((error as MarketDataError).message).not.toContain('abcdef0123456789');
  });

  it('keeps serving ETFs and stocks when only CoinGecko is down', async () => {
    await world.coingecko.close();
    const provider = world.provider();
    expect((await provider.universe('etf')).length).toBe(2);
    await expect(provider.universe('crypto')).rejects.toMatchObject({
      code: 'MARKET_DATA_UNAVAILABLE',
      details: { provider: 'coingecko' },
    });
    expect((await provider.getInstrument('VOO'))?.symbol).toBe('VOO');
    // BTC may well exist: the answer is "provider down" (503), not "unknown symbol" (404).
    await expect(provider.getInstrument('BTC')).rejects.toMatchObject({
      details: { provider: 'coingecko', reason: 'unreachable' },
    });
  });

  it('changes snapshotId when the data changes and keeps it when it does not', async () => {
    const provider = world.provider();
    const id = await provider.snapshotId();
    expect(await provider.reload()).toBe(false); // answers still within the TTL
    world.now += 16 * 60_000;
    world.yahoo.script('/v8/finance/chart/MSFT', {
      body: {
        chart: {
          result: [
            {
              meta: { symbol: 'MSFT', currency: 'USD', regularMarketPrice: 999, gmtoffset: -18000 },
              timestamp: [],
              indicators: { quote: [{}] },
            },
          ],
          error: null,
        },
      },
    });
    expect(await provider.reload()).toBe(true);
    expect(await provider.snapshotId()).not.toBe(id);
    expect((await provider.getInstrument('MSFT'))?.current_price).toBe(999);
  });

  it('is a LiveMarketDataProvider the SDK can take as any MarketDataProvider', () => {
    expect(world.provider()).toBeInstanceOf(LiveMarketDataProvider);
  });
});
