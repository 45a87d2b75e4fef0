import type { MarketContext, ReportedMarketContext } from './types';

/** MarketContext → ReportedMarketContext. */
export function reportedMarketContext(context: MarketContext): ReportedMarketContext {
  return {
    ...context,
    inflation_rate: Math.round(context.inflation_rate * 1e6) / 1e4,
    inflation_rate_fraction: context.inflation_rate,
  };
}
