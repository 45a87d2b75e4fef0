import { businessDateAt, movingAverageSeries } from '@disc/scoring';
import { ApiError } from '../http/errors';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

export const DEFAULT_PRICE_DAYS = 365;

/** GET /prices/{symbol}?days=N: the last N daily closes of a symbol from the market data in
 * force, each with its trailing 50- and 200-day simple moving averages (computed over the
 * whole series, so the first day shown has its averages when the data reaches back far
 * enough; null where it does not), and where the data comes from (`sample` for the bundled
 * synthetic snapshot). GET /market-context: the market context without running a discovery. */
export function priceHandlers(deps: HandlerDependencies): Record<string, Handler> {
  return {
    priceHistory: async ({ params, query }) => {
      const symbol = (params.symbol ?? '').toUpperCase();
      const engine = await deps.engine.current();
      const found = await engine.instrument(symbol);
      if (found === undefined)
        throw new ApiError('SYMBOL_NOT_FOUND', `Symbol '${symbol}' is not in the market data.`, {
          details: { symbol },
        });
      const { instrument, source } = found;
      const series = instrument.prices ?? { start: source.as_of ?? '', closes: [] };
      const { closes } = series;
      const dated = series.dates !== undefined && series.dates.length === closes.length ? series.dates : undefined;
      const sma50 = movingAverageSeries(closes, 50);
      const sma200 = movingAverageSeries(closes, 200);
      const days = (query.days as number | undefined) ?? DEFAULT_PRICE_DAYS;
      const from = Math.max(0, closes.length - days);
      const prices = [];
      for (let i = from; i < closes.length; i++) {
        prices.push({
          date: dated?.[i] ?? businessDateAt(series.start, i),
          close: closes[i] as number,
          sma_50: round(sma50[i]),
          sma_200: round(sma200[i]),
        });
      }
      return {
        status: 200,
        json: {
          symbol: instrument.symbol.toUpperCase(),
          name: instrument.name,
          currency: instrument.currency,
          ...source,
          prices,
        },
      };
    },
    marketContext: async () => {
      const engine = await deps.engine.current();
      return { status: 200, json: await engine.marketContext() };
    },
  };
}

/** Averages to 6 significant digits: more says nothing about a price and bloats the answer. */
function round(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(6));
}
