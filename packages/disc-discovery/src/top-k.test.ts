import fc from 'fast-check';
import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the k highest keys, best first, like a full sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 20 }),
        (keys, k) => {
          const top = new TopK<number>(k);
          keys.forEach((key, i) => top.offer(key, i));
          const expected = keys
            .map((key, i) => ({ key, i }))
            .sort((a, b) => b.key - a.key || a.i - b.i)
            .slice(0, k)
            .map((e) => e.i);
          expect(top.sorted()).toEqual(expected);
        },
      ),
    );
  });
});
