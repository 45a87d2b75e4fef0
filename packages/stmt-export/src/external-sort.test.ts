import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ExternalSorter } from './external-sort';
import { removeTrackedTempFilesSync } from './temp-files';
import { scratchFolder } from '@fin/test-utils';

interface Item {
  key: number;
  seq: number;
}

const dir = scratchFolder('stmt-sort-test-');

/** Each item counts 100 bytes; `memoryBytes: 1000` spills every 10 items. */
function sorter(memoryBytes = 1000): ExternalSorter<Item> {
  return new ExternalSorter<Item>({
    compare: (a, b) => a.key - b.key,
    sizeOf: () => 100,
    serialize: (item) => `${item.key} ${item.seq}`,
    deserialize: (line) => {
      const [key, seq] = line.split(' ').map(Number);
      return { key: key ?? NaN, seq: seq ?? NaN };
    },
    memoryBytes,
    tempDir: dir(),
  });
}

async function sortAll(target: ExternalSorter<Item>, items: Item[], chunk = 7): Promise<Item[]> {
  for (let start = 0; start < items.length; start += chunk) await target.add(items.slice(start, start + chunk));
  const out: Item[] = [];
  for await (const item of target.sorted()) out.push(item);
  return out;
}

describe('ExternalSorter', () => {
  it('gives the order of a stable in-memory sort, ties in input order, however many runs it spills', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
        fc.integer({ min: 100, max: 3000 }),
        async (keys, memory) => {
          const items = keys.map((key, seq) => ({ key, seq }));
          const target = sorter(memory);
          try {
            expect(await sortAll(target, items)).toEqual([...items].sort((a, b) => a.key - b.key));
          } finally {
            await target.dispose();
          }
          expect(readdirSync(dir())).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps a small input in memory: no temporary files', async () => {
    const target = sorter(100_000);
    const items = [3, 1, 2].map((key, seq) => ({ key, seq }));
    expect((await sortAll(target, items)).map((item) => item.key)).toEqual([1, 2, 3]);
    expect(target.spilledRuns).toBe(0);
    expect(readdirSync(dir())).toEqual([]);
  });

  it('streams an input already in order into one run, holding at most one buffer', async () => {
    const target = sorter();
    const items = Array.from({ length: 1000 }, (_, seq) => ({ key: Math.floor(seq / 3), seq }));
    expect(await sortAll(target, items)).toEqual(items);
    expect(target.spilledRuns).toBe(1);
    await target.dispose();
  });

  it('tracks its run folder for a signal handler and removes it on dispose', async () => {
    const target = sorter();
    const items = Array.from({ length: 50 }, (_, seq) => ({ key: 50 - seq, seq }));
    for (let start = 0; start < items.length; start += 10) await target.add(items.slice(start, start + 10));
    const [runs] = readdirSync(dir());
    expect(runs).toMatch(/^stmt-sort-\d+-/);
    expect(removeTrackedTempFilesSync()).toBe(1); // what SIGINT/SIGTERM do
    expect(existsSync(join(dir(), runs ?? ''))).toBe(false);
    await target.dispose();
  });
});
