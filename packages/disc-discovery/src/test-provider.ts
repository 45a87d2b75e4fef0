import { SnapshotProvider, type UniverseEntry } from '@disc/market-data';
import { MarketDataError, type Instrument, type MarketContext, type PriceSeries } from '@disc/types';
import { instrument, lcg } from '@fin/test-utils';

/** The SDK tests' provider (not part of the public API): the real SnapshotProvider over the
 * given instruments, with a fixed market context instead of one read from market series. */
export class MemoryProvider extends SnapshotProvider {
  constructor(
    instruments: Instrument[],
    private readonly fixedContext: MarketContext = CONTEXT,
    benchmark: PriceSeries = path(1, 0.0004, 0.01),
  ) {
    super(
      {
        format: 'disc-snapshot',
        version: 1,
        sample: false,
        as_of: '2026-11-20',
        market: {
          benchmark: { symbol: 'BENCH', name: 'test benchmark', prices: benchmark },
          vix: flat(fixedContext.vix_level),
          treasury_10y: flat(fixedContext.risk_free_rate ?? 0),
          cpi_yoy: { start: '2026-01', values: [fixedContext.inflation_rate] },
        },
        instruments,
      },
      { name: 'memory (test data)', id: 'memory' },
    );
  }

  override contextSync(): MarketContext {
    return this.fixedContext;
  }
}

/** A provider whose source is down: every call rejects with MarketDataError. */
export class DownProvider extends MemoryProvider {
  constructor() {
    super([]);
  }
  override async universe(): Promise<readonly UniverseEntry[]> {
    throw new MarketDataError('test provider is down', { details: { source: 'test' } });
  }
  override async getMarketContext(): Promise<MarketContext> {
    throw new MarketDataError('test provider is down', { details: { source: 'test' } });
  }
}

function flat(value: number): PriceSeries {
  return { start: '2023-09-11', closes: Array<number>(800).fill(value) };
}

export const CONTEXT: MarketContext = {
  regime: 'sideways',
  vix_level: 16,
  interest_rate_environment: 'stable',
  inflation_rate: 0.02,
  risk_free_rate: 0.03,
};

/** 800 business-day closes: steady drift `mu` per day with deterministic noise of size `noise`. */
export function path(seed: number, mu: number, noise: number, n = 800): PriceSeries {
  const uniform = lcg(seed);
  const rand = (): number => uniform() - 0.5;
  const closes: number[] = [100];
  for (let i = 1; i < n; i++) closes.push(Math.round(closes[i - 1]! * Math.exp(mu + noise * 2 * rand()) * 1e4) / 1e4);
  return { start: '2023-09-11', closes };
}

export function etf(
  symbol: string,
  f: Partial<NonNullable<Instrument['etf']>>,
  prices: PriceSeries | undefined,
  region = 'US',
): Instrument {
  return instrument<Instrument>(symbol, 'etf', prices, {
    name: `${symbol} fund (test data)`,
    region,
    etf: {
      expense_ratio: 0.03,
      aum: 60e9,
      tracking_error: 0.0004,
      history_years: 15,
      ucits_compliant: true,
      region,
      category: 'US Large Cap',
      ...f,
    },
  });
}

export function stock(
  symbol: string,
  f: Partial<NonNullable<Instrument['stock']>>,
  prices: PriceSeries,
  marketCap = 200e9,
): Instrument {
  return instrument<Instrument>(symbol, 'stock', prices, {
    name: `${symbol} Inc (test data)`,
    market_cap: marketCap,
    region: 'US',
    stock: {
      roe: 0.42,
      revenue_growth_5y: 0.32,
      debt_to_equity: 0.08,
      free_cash_flow: 12e9,
      profit_margin: 0.33,
      sector: 'Technology',
      region: 'US',
      ...f,
    },
  });
}

export function coin(
  symbol: string,
  f: Partial<NonNullable<Instrument['crypto']>>,
  prices: PriceSeries,
  marketCap = 300e9,
): Instrument {
  return instrument<Instrument>(symbol, 'crypto', prices, {
    name: `${symbol} coin (test data)`,
    market_cap: marketCap,
    region: 'Global',
    crypto: { daily_volume: 20e9, age_months: 120, institutional_adoption: true, category: 'Layer 1', ...f },
  });
}

/** The test universe: a few clear winners, screen failures and middling instruments. */
export function testUniverse(): Instrument[] {
  return [
    etf('GOOD', {}, path(11, 0.0006, 0.006)),
    etf('GOOD2', { expense_ratio: 0.05 }, path(12, 0.00055, 0.006)),
    etf('FEE', { expense_ratio: 0.5 }, path(13, 0.0006, 0.006)),
    etf('MEH', { expense_ratio: 0.12, aum: 2e9, tracking_error: 0.0018, history_years: 4 }, path(14, 0.0001, 0.012)),
    etf('EURO', {}, path(15, 0.0006, 0.006), 'Europe'),
    etf('BOND', { category: 'Aggregate Bond' }, path(16, 0.0002, 0.002)),
    etf('SWING', {}, path(17, 0.0006, 0.034)),
    stock('WIN', {}, path(21, 0.0009, 0.012)),
    stock('DEBT', { debt_to_equity: 1.2 }, path(22, 0.0009, 0.012)),
    stock(
      'SLOW',
      { roe: 0.21, revenue_growth_5y: 0.16, profit_margin: 0.11, debt_to_equity: 0.28 },
      path(23, 0.0001, 0.02),
    ),
    coin('BIG', {}, path(31, 0.0015, 0.03)),
    coin('NEWB', { institutional_adoption: false }, path(32, 0.0015, 0.03)),
  ];
}
