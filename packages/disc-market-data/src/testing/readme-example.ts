// The README example, kept here so `pnpm run typecheck` proves it compiles. Never run by
// the tests: it would reach the internet.
import { createProviderFromConfig, LiveMarketDataProvider } from '@disc/market-data';

export async function readmeExample(): Promise<void> {
  const provider = new LiveMarketDataProvider({
    universe: {
      etf: [{ symbol: 'VOO', tracking_index: '^GSPC' }],
      stock: ['MSFT'],
      crypto: [{ id: 'bitcoin', institutional_adoption: true }],
    },
    benchmark: 'SPY',
    fred: { apiKey: process.env.FRED_API_KEY ?? '' },
    coingecko: { apiKey: process.env.COINGECKO_API_KEY },
    cacheTtlMs: 15 * 60_000,
  });
  console.log(await provider.getMarketContext());
  console.log((await provider.getInstrument('VOO'))?.etf);
  console.log(await provider.dataAge());
  console.log(createProviderFromConfig({ provider: 'file', file: '/data/market.json' }).name);
}
