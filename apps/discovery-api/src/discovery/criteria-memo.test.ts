import { InvestmentDiscoveryCrew } from '@disc/discovery';
import type { AssetType } from '@disc/types';
import { jsonTextOf } from '../json-text';
import { CriteriaMemo } from './criteria-memo';

/** A memo over the real crew, counting how often it works the criteria out. */
function countingMemo(): { memo: CriteriaMemo; computed: AssetType[] } {
  const crew = new InvestmentDiscoveryCrew({ clock: () => new Date('2026-03-02T08:00:00Z') });
  const computed: AssetType[] = [];
  const memo = new CriteriaMemo((type) => {
    computed.push(type);
    return crew.criteria(type);
  });
  return { memo, computed };
}

describe('CriteriaMemo', () => {
  it('works the criteria of an asset type out once per UTC day, each answer with its own time', async () => {
    const { memo, computed } = countingMemo();
    const first = await memo.criteria('etf', new Date('2026-03-02T09:00:00Z'));
    const later = await memo.criteria('etf', new Date('2026-03-02T23:59:59.999Z'));
    expect(computed).toEqual(['etf']);
    expect(first.last_updated).toBe('2026-03-02T09:00:00.000Z');
    expect(later.last_updated).toBe('2026-03-02T23:59:59.999Z');
    expect({ ...later, last_updated: first.last_updated }).toEqual(first);

    await memo.criteria('stock', new Date('2026-03-02T23:59:59.999Z'));
    expect(computed).toEqual(['etf', 'stock']);
  });

  it('works them out again on a new day (the market context of the day may differ)', async () => {
    const { memo, computed } = countingMemo();
    await memo.criteria('etf', new Date('2026-03-02T23:59:59Z'));
    const next = await memo.criteria('etf', new Date('2026-03-03T00:00:01Z'));
    expect(computed).toEqual(['etf', 'etf']);
    expect(next.last_updated).toBe('2026-03-03T00:00:01.000Z');
    await memo.criteria('etf', new Date('2026-03-03T12:00:00Z'));
    expect(computed).toEqual(['etf', 'etf']);
  });

  it('records the JSON text of each answer, exactly what JSON.stringify gives', async () => {
    const { memo } = countingMemo();
    for (const at of ['2026-03-02T09:00:00Z', '2026-03-02T10:30:00.123Z']) {
      const result = await memo.criteria('crypto', new Date(at));
      expect(jsonTextOf(result)).toBe(JSON.stringify(result));
    }
  });

  it('answers without text when last_updated is not in the JSON to split, to be serialised per answer', async () => {
    const memo = new CriteriaMemo(() =>
      Promise.resolve({ asset_type: 'etf', criteria: {}, market_adjustments: {}, last_updated: undefined } as never),
    );
    const result = await memo.criteria('etf', new Date('2026-03-02T09:00:00Z'));
    expect(result.last_updated).toBe('2026-03-02T09:00:00.000Z');
    expect(jsonTextOf(result)).toBeUndefined();
  });

  it('shares the kept members between answers read-only', async () => {
    const { memo } = countingMemo();
    const first = await memo.criteria('etf', new Date('2026-03-02T09:00:00Z'));
    expect(() => {
      first.criteria.max_expense_ratio = 99;
    }).toThrow(TypeError);
    const again = await memo.criteria('etf', new Date('2026-03-02T10:00:00Z'));
    expect(again.criteria.max_expense_ratio).toBe(first.criteria.max_expense_ratio);
    expect(jsonTextOf(again)).not.toContain(':99');
  });
});
