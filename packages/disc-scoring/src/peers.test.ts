import { buildPeerIndex, peerGroupOf } from './peers';
import type { Instrument } from '@disc/types';
import { instrument } from '@fin/test-utils';

function stock(symbol: string, sector: string): Instrument {
  return instrument<Instrument>(symbol, 'stock', undefined, {
    name: symbol,
    current_price: 1,
    market_cap: 1e9,
    stock: { roe: 0.2, revenue_growth_5y: 0.1, debt_to_equity: 0.2, free_cash_flow: 1, profit_margin: 0.1, sector },
  });
}

describe('peer-relative percentiles', () => {
  const entries = [
    ...Array.from({ length: 10 }, (_, i) => ({ instrument: stock(`T${i}`, 'Technology'), score: 0.5 + i * 0.05 })),
    { instrument: stock('U0', 'Utilities'), score: 0.9 },
  ];
  const peers = buildPeerIndex(entries);

  it('groups stocks by sector and falls back to the asset type for small groups', () => {
    expect(peerGroupOf(stock('X', 'Technology'))).toBe('stock sector Technology');
    expect(peers.groupOf(stock('X', 'Technology'))).toBe('stock sector Technology');
    expect(peers.groupOf(stock('U0', 'Utilities'))).toBe('all stock');
  });

  it('gives the mid-rank percentile', () => {
    expect(peers.percentile('stock sector Technology', 0.95)).toBeCloseTo(0.95, 12); // 9 below + half of 1, of 10
    expect(peers.percentile('stock sector Technology', 0.5)).toBeCloseTo(0.05, 12);
    expect(peers.percentile('stock sector Technology', 0.99)).toBe(1);
    expect(peers.percentile('stock sector Technology', 0.1)).toBe(0);
    expect(peers.percentile('all stock', 0.9)).toBeCloseTo((8 + 1) / 11, 12); // T0..T7 below; T8 and U0 tie
  });
});
