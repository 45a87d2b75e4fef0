// Quick start: node examples/quick-start.mjs (DISCOVERY_URL and DISCOVERY_TOKEN set).
import { DiscoveryApiError, DiscoveryClient } from '@disc/client';

const client = new DiscoveryClient({
  baseUrl: process.env.DISCOVERY_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.DISCOVERY_TOKEN ?? '',
});

// Discover A+ stocks (camelCase criteria, as in the origin's JavaScript SDK example).
const stocks = await client.discoverStocks({ minRoe: 0.25, minMarketCapBillions: 5.0, maxResults: 20 });
console.log(`${stocks.a_plus_candidates.length} A+ stocks out of ${stocks.total_screened} screened`);

// Monitor several investments.
const statuses = await client.monitorInvestments(['AAPL', 'MSFT', 'GOOGL']);
for (const status of statuses) console.log(`${status.symbol}: ${status.current_grade} (${status.current_score})`);

// Errors carry the envelope's code and request id.
try {
  await client.monitorInvestment('NO-SUCH-SYMBOL');
} catch (error) {
  if (!(error instanceof DiscoveryApiError)) throw error;
  console.log(`${error.status} ${error.code} (request ${error.requestId})`);
}
