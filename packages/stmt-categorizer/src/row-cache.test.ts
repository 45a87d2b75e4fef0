import { RowCache } from './row-cache';

describe('RowCache', () => {
  it('returns what was stored, including undefined results', () => {
    const cache = new RowCache<string | undefined>(10);
    cache.set('a', 'x');
    cache.set('b', undefined);
    expect(cache.get('a')).toEqual({ value: 'x' });
    expect(cache.get('b')).toEqual({ value: undefined });
    expect(cache.get('c')).toBeUndefined();
  });

  it('stays on while rows repeat', () => {
    const cache = new RowCache<number>(100);
    for (let i = 0; i < 20_000; i += 1) {
      expect(cache.active()).toBe(true);
      const key = `row ${i % 50}`;
      if (!cache.get(key)) cache.set(key, i % 50);
    }
    expect(cache.get('row 7')).toEqual({ value: 7 });
  });

  it('pauses after a window of unique rows, then measures again', () => {
    const cache = new RowCache<number>(100);
    let lookups = 0;
    while (cache.active()) {
      cache.get(`invoice ${lookups}`);
      cache.set(`invoice ${lookups}`, lookups);
      lookups += 1;
    }
    expect(lookups).toBe(4_096);
    expect(cache.get('invoice 4094')).toBeUndefined();
    // The call that ended the loop above was the first paused row.
    let paused = 1;
    while (!cache.active()) paused += 1;
    expect(paused).toBe(15 * 4_096);
  });
});
