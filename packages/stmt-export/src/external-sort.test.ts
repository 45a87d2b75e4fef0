import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ExternalSorter, type KeyedText } from './external-sort';
import { compareBookingDates } from './row-order';
import { removeTrackedTempFilesSync } from './temp-files';
import { scratchFolder } from '@fin/test-utils';

const dir = scratchFolder('stmt-sort-test-');

function sorter(memoryBytes: number): ExternalSorter {
  return new ExternalSorter({ compare: compareBookingDates, memoryBytes, tempDir: dir() });
}

async function sortAll(target: ExternalSorter, items: readonly KeyedText[], chunk = 7): Promise<string> {
  for (let start = 0; start < items.length; start += chunk) await target.add(items.slice(start, start + chunk));
  const out: Buffer[] = [];
  for await (const block of target.sorted()) out.push(Buffer.from(block));
  return Buffer.concat(out).toString('utf8');
}

/** What a stable in-memory sort of the items gives, concatenated. */
function expected(items: readonly KeyedText[]): string {
  return [...items]
    .sort((a, b) => compareBookingDates(a.key, b.key))
    .map((item) => item.text)
    .join('');
}

/** Texts of every size (multi-byte characters, line breaks), each naming its place in the input. */
const texts = fc.array(
  fc.record({ day: fc.integer({ min: 0, max: 12 }), body: fc.string({ unit: 'grapheme', maxLength: 40 }) }),
  { maxLength: 200 },
);

function keyed(days: readonly { day: number; body: string }[]): KeyedText[] {
  return days.map(({ day, body }, seq) => ({
    key: day === 0 ? '' : `2024-03-${String(day).padStart(2, '0')}`,
    text: `${seq}|${body}\n`,
  }));
}

describe('ExternalSorter', () => {
  it('gives the order of a stable in-memory sort, ties in input order, however many runs it spills', async () => {
    await fc.assert(
      fc.asyncProperty(texts, fc.integer({ min: 1, max: 3000 }), async (days, memory) => {
        const items = keyed(days);
        const target = sorter(memory);
        try {
          expect(await sortAll(target, items)).toBe(expected(items));
        } finally {
          await target.dispose();
        }
        expect(readdirSync(dir())).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('keeps the input order of texts whose distinct keys the order ties', async () => {
    const caseless = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase());
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('a', 'A', 'b', 'B', 'c'), { maxLength: 60 }), async (keys) => {
        const items = keys.map((key, seq) => ({ key, text: `${seq}${key} ` }));
        const target = new ExternalSorter({ compare: caseless, memoryBytes: 1 << 16, tempDir: dir() });
        try {
          const stable = [...items].sort((a, b) => caseless(a.key, b.key));
          expect(await sortAll(target, items)).toBe(stable.map((item) => item.text).join(''));
        } finally {
          await target.dispose();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a small input in memory: no temporary files', async () => {
    const target = sorter(100_000);
    const items = ['2024-03-03', '', '2024-03-01'].map((key, seq) => ({ key, text: `${seq}:${key};` }));
    expect(await sortAll(target, items)).toBe('2:2024-03-01;0:2024-03-03;1:;');
    expect(target.spilledRuns).toBe(0);
    expect(readdirSync(dir())).toEqual([]);
  });

  it('hands out a small sorted output in one small buffer, a larger one in 64 KiB blocks', async () => {
    const blocks = async (count: number): Promise<Buffer[]> => {
      const target = sorter(2 ** 20);
      const items = Array.from({ length: count }, (_, seq) => ({
        key: `2024-03-0${1 + (seq % 9)}`,
        text: `${seq} ü\n`,
      }));
      const out: Buffer[] = [];
      for (let start = 0; start < items.length; start += 50) await target.add(items.slice(start, start + 50));
      for await (const block of target.sorted()) out.push(block);
      await target.dispose();
      return out;
    };
    const [small, ...none] = await blocks(3);
    expect(none).toEqual([]);
    expect(small?.toString()).toBe('0 ü\n1 ü\n2 ü\n');
    // Not a view of a 64 KiB block: a folder sorts each of its small files.
    expect(small?.buffer.byteLength).toBeLessThan(2 ** 16);
    const sizes = (await blocks(20_000)).map((block) => block.length);
    expect(sizes.slice(0, -1).every((size) => size === 2 ** 16)).toBe(true);
    expect(sizes.length).toBeGreaterThan(2);
  });

  it('grows its arena past the doubling steps to its whole memory, keeping every text', async () => {
    // 3 MiB of text in 6 MiB of memory: the arena doubles from 4 KiB to 1 MiB, then takes all 6 MiB.
    const target = sorter(6 * 2 ** 20);
    const items = Array.from({ length: 24_000 }, (_, seq) => ({
      key: `2024-03-${String(1 + ((seq * 7) % 28)).padStart(2, '0')}`,
      text: `${seq};${'ä€'.repeat(20 + (seq % 40))}\n`,
    }));
    expect(Buffer.byteLength(items.map((item) => item.text).join(''))).toBeGreaterThan(3 * 2 ** 20);
    expect(await sortAll(target, items, 100)).toBe(expected(items));
    expect(target.spilledRuns).toBe(0);
    await target.dispose();
  });

  it('streams an input already in order into one run, holding at most one arena', async () => {
    const target = sorter(1000);
    const items = Array.from({ length: 1000 }, (_, seq) => ({
      key: `2024-${String(1 + Math.floor(seq / 100)).padStart(2, '0')}-01`,
      text: `row ${seq} ü\n`,
    }));
    expect(await sortAll(target, items)).toBe(expected(items));
    expect(target.spilledRuns).toBe(1);
    await target.dispose();
  });

  it('sorts a text larger than its whole memory among the others', async () => {
    const target = sorter(100);
    const items = [
      { key: '2024-03-02', text: 'b;' },
      { key: '2024-03-01', text: `${'€'.repeat(200)};` },
      { key: '2024-03-01', text: 'a;' },
      { key: '', text: 'z;' },
      { key: '2024-03-01', text: `${'x'.repeat(300)};` },
    ];
    expect(await sortAll(target, items, 1)).toBe(expected(items));
    await target.dispose();
  });

  it('tracks its run folder for a signal handler and removes it on dispose', async () => {
    const target = sorter(50);
    const items = Array.from({ length: 50 }, (_, seq) => ({
      key: `2024-01-${String(50 - seq).padStart(2, '0')}`,
      text: `${seq};`,
    }));
    for (let start = 0; start < items.length; start += 10) await target.add(items.slice(start, start + 10));
    const [runs] = readdirSync(dir());
    expect(runs).toMatch(/^stmt-sort-\d+-/);
    expect(removeTrackedTempFilesSync()).toBe(1); // what SIGINT/SIGTERM do
    expect(existsSync(join(dir(), runs ?? ''))).toBe(false);
    await target.dispose();
  });
});
