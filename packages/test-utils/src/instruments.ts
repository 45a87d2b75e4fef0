/** The fields every instrument has: structurally `Instrument` of `@disc/scoring`, which this
 * package does not import, so that `@disc/scoring`'s own tests can use it without a cycle. */
export interface InstrumentFields {
  symbol: string;
  name: string;
  asset_type: 'etf' | 'stock' | 'crypto';
  currency: string;
  current_price: number;
  market_cap: number | null;
  prices?: { start: string; closes: number[] };
}

/** A hand-made instrument for tests, `instrument<Instrument>(…)`: the current price is the last
 * close of `prices` (100 without prices); `extra` sets the name, the asset-type fields and the rest. */
export function instrument<I extends InstrumentFields>(
  symbol: string,
  asset_type: I['asset_type'],
  prices: NonNullable<I['prices']> | undefined,
  extra: Partial<I> = {},
): I {
  const base: InstrumentFields = {
    symbol,
    name: `${symbol} test instrument`,
    asset_type,
    currency: 'USD',
    current_price: prices?.closes.at(-1) ?? 100,
    market_cap: null,
  };
  return { ...base, ...(prices === undefined ? {} : { prices }), ...extra } as I;
}
