import { mapCoinDetail, mapMarketChart, mapMarkets, monthsSince } from './mapping';

describe('CoinGecko mapping', () => {
  it('maps markets rows, upper-casing symbols and reading a zero market cap as unknown', () => {
    const rows = mapMarkets([
      {
        id: 'bitcoin',
        symbol: 'btc',
        name: 'Bitcoin',
        current_price: 91234.5,
        market_cap: 1_810_000_000_000,
        total_volume: 38_500_000_000,
        market_cap_rank: 1,
      },
      {
        id: 'newcoin',
        symbol: 'new',
        name: 'New',
        current_price: 0.12,
        market_cap: 0,
        total_volume: 1000,
        market_cap_rank: null,
      },
      { id: 'dead', symbol: 'dead', name: 'Dead', current_price: null, market_cap: 0, total_volume: 0 },
    ]);
    expect(rows).toEqual([
      {
        id: 'bitcoin',
        symbol: 'BTC',
        name: 'Bitcoin',
        price: 91234.5,
        marketCap: 1_810_000_000_000,
        volume24h: 38_500_000_000,
        rank: 1,
      },
      { id: 'newcoin', symbol: 'NEW', name: 'New', price: 0.12, marketCap: null, volume24h: 1000, rank: undefined },
    ]);
  });

  it('reads millisecond timestamps, lets the intraday "now" point replace its day and drops weekends', () => {
    const series = mapMarketChart({
      prices: [
        [Date.parse('2026-11-19T00:00:00Z'), 90000], // Thursday
        [Date.parse('2026-11-20T00:00:00Z'), 91000], // Friday
        [Date.parse('2026-11-21T00:00:00Z'), 92000], // Saturday
        [Date.parse('2026-11-23T00:00:00Z'), 93000], // Monday
        [Date.parse('2026-11-23T11:37:12.345Z'), 93500], // Monday, "now"
      ],
      market_caps: [],
      total_volumes: [],
    });
    expect(series).toEqual({
      start: '2026-11-19',
      dates: ['2026-11-19', '2026-11-20', '2026-11-23'],
      closes: [90000, 91000, 93500],
    });
  });

  it('turns genesis_date into a launch date and keeps null as unknown', () => {
    expect(mapCoinDetail({ genesis_date: '2009-01-03', categories: ['Cryptocurrency', 'Layer 1 (L1)'] })).toEqual({
      genesisDate: '2009-01-03',
      category: 'Cryptocurrency',
    });
    expect(mapCoinDetail({ genesis_date: null, categories: [] })).toEqual({
      genesisDate: undefined,
      category: undefined,
    });
  });

  it('counts whole months of age', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(monthsSince('2009-01-03', now)).toBe(214);
    expect(monthsSince('2023-11-21', now)).toBe(36);
    expect(monthsSince('2023-11-22', now)).toBe(35);
    expect(monthsSince('2027-01-01', now)).toBe(0);
  });
});
