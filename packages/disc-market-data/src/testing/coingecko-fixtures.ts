import type { Route } from './fake-server';
import { daysBetween, walk } from './series';

export interface FakeCoin {
  id: string;
  symbol: string;
  name: string;
  price: number;
  marketCap: number;
  volume: number;
  genesis: string | null;
  categories: string[];
  /** Every calendar day of history, oldest first, ending today. */
  days: string[];
  prices: number[];
}

export function fakeCoin(
  id: string,
  symbol: string,
  name: string,
  seed: number,
  genesis: string | null,
  price = 90_000,
): FakeCoin {
  const days = daysBetween('2025-11-21', '2026-11-21');
  const prices = walk(days.length, price, seed, 0.0005, 0.03);
  const last = prices[prices.length - 1] as number;
  return {
    id,
    symbol,
    name,
    price: last,
    marketCap: last * 19_950_000,
    volume: 38_500_000_000,
    genesis,
    categories: ['Cryptocurrency', 'Layer 1 (L1)'],
    days,
    prices,
  };
}

/** `GET /api/v3/coins/markets` row, with the fields CoinGecko sends. */
function marketRow(c: FakeCoin, rank: number): unknown {
  return {
    id: c.id,
    symbol: c.symbol,
    name: c.name,
    image: `https://coin-images.coingecko.com/coins/images/1/large/${c.id}.png`,
    current_price: c.price,
    market_cap: c.marketCap,
    market_cap_rank: rank,
    fully_diluted_valuation: c.marketCap,
    total_volume: c.volume,
    high_24h: c.price * 1.01,
    low_24h: c.price * 0.99,
    price_change_24h: 120.5,
    price_change_percentage_24h: 0.134,
    market_cap_change_24h: 2.4e9,
    market_cap_change_percentage_24h: 0.13,
    circulating_supply: 19_950_000,
    total_supply: 19_950_000,
    max_supply: 21_000_000,
    ath: c.price * 1.2,
    ath_change_percentage: -16.7,
    ath_date: '2025-10-06T18:57:42.558Z',
    atl: 67.81,
    atl_change_percentage: 132_000,
    atl_date: '2013-07-06T00:00:00.000Z',
    roi: null,
    last_updated: '2026-11-21T11:59:30.123Z',
  };
}

/**
 * `GET /api/v3/coins/{id}/market_chart?interval=daily`: [ms, value] pairs at 00:00 UTC,
 * the last one stamped "now" (11:37 UTC) rather than midnight, as CoinGecko does.
 */
export function marketChartBody(c: FakeCoin): unknown {
  const ms = c.days.map((d, i) =>
    i === c.days.length - 1 ? Date.parse(`${d}T11:37:12.345Z`) : Date.parse(`${d}T00:00:00Z`),
  );
  return {
    prices: ms.map((t, i) => [t, c.prices[i]]),
    market_caps: ms.map((t, i) => [t, (c.prices[i] as number) * 19_950_000]),
    total_volumes: ms.map((t) => [t, c.volume]),
  };
}

export function coinBody(c: FakeCoin): unknown {
  return {
    id: c.id,
    symbol: c.symbol,
    name: c.name,
    web_slug: c.id,
    asset_platform_id: null,
    platforms: { '': '' },
    block_time_in_minutes: 10,
    hashing_algorithm: 'SHA-256',
    categories: c.categories,
    preview_listing: false,
    public_notice: null,
    description: { en: '' },
    links: { homepage: [] },
    country_origin: '',
    genesis_date: c.genesis,
    sentiment_votes_up_percentage: 84,
    watchlist_portfolio_users: 1_500_000,
    market_cap_rank: 1,
    status_updates: [],
    last_updated: '2026-11-21T11:59:30.123Z',
  };
}

export const COINGECKO_TOO_MANY = {
  status: {
    error_code: 429,
    error_message:
      "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
  },
};

export const COINGECKO_RANGE_LIMIT = {
  error: {
    status: {
      timestamp: '2026-11-21T12:00:00.000+00:00',
      error_code: 10012,
      error_message:
        'Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days.',
    },
  },
};

export function coingeckoRoute(coins: readonly FakeCoin[]): Route {
  const byId = new Map(coins.map((c) => [c.id, c]));
  return (path, query) => {
    if (path === '/api/v3/coins/markets') {
      const ids = (query.get('ids') ?? '').split(',');
      return { body: coins.filter((c) => ids.includes(c.id)).map((c, i) => marketRow(c, i + 1)) };
    }
    const chart = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(path);
    if (chart) {
      const c = byId.get(chart[1] as string);
      if (!c) return { status: 404, body: { error: 'coin not found' } };
      return Number(query.get('days')) > 365
        ? { status: 401, body: COINGECKO_RANGE_LIMIT }
        : { body: marketChartBody(c) };
    }
    const coin = /^\/api\/v3\/coins\/([^/]+)$/.exec(path);
    if (coin) {
      const c = byId.get(coin[1] as string);
      return c ? { body: coinBody(c) } : { status: 404, body: { error: 'coin not found' } };
    }
    return { status: 404, body: { error: 'Incorrect path. Please check https://www.coingecko.com/api/' } };
  };
}
