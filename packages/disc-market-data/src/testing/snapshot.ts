import type { SnapshotFile } from '../snapshot-format';

type Instrument = SnapshotFile['instruments'][number];

/**
 * A user's snapshot for tests: 300 weekday closes from 2025-09-01 (ending 2026-10-23, before
 * `as_of` 2026-10-30) for the market series and for one ETF per symbol; `etf` adds to each ETF.
 */
export function userSnapshot(symbols: readonly string[], etf: Partial<Instrument> = {}): SnapshotFile {
  const closes = Array.from({ length: 300 }, (_, i) => 100 + i * 0.1);
  return {
    format: 'disc-snapshot',
    version: 1,
    sample: false,
    as_of: '2026-10-30',
    market: {
      benchmark: { symbol: 'IDX', name: 'My index', prices: { start: '2025-09-01', closes } },
      vix: { start: '2025-09-01', closes: closes.map(() => 15) },
      treasury_10y: { start: '2025-09-01', closes: closes.map(() => 0.042) },
      cpi_yoy: { start: '2026-01', values: [0.03, 0.029] },
    },
    instruments: symbols.map((symbol) => ({
      symbol,
      name: `${symbol} ETF`,
      asset_type: 'etf' as const,
      currency: 'USD',
      current_price: 129.9,
      market_cap: null,
      etf: { expense_ratio: 0.07, aum: 5e9, tracking_error: 0.001, history_years: 10 },
      prices: { start: '2025-09-01', closes: [...closes] },
      ...etf,
    })),
  };
}
