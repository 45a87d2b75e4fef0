import { scratchFolder } from '@fin/test-utils';
import { compareBookingDates, createBookingDateSorter } from './row-order';

const dir = scratchFolder('stmt-row-order-test-');
const DATES = ['2024-03-02', '', '2024-03-01', '2024-03-02', '2024-02-28T10:00:00', '', '2024-03-01'];

describe('compareBookingDates', () => {
  it('orders ISO dates and date-times as text, a missing date last', () => {
    expect([...DATES].sort(compareBookingDates)).toEqual([
      '2024-02-28T10:00:00',
      '2024-03-01',
      '2024-03-01',
      '2024-03-02',
      '2024-03-02',
      '',
      '',
    ]);
  });
});

describe('createBookingDateSorter', () => {
  it('gives back texts in stable booking-date order, through run files', async () => {
    const sorter = createBookingDateSorter({ memoryBytes: 200, tempDir: dir() });
    const input = Array.from({ length: 70 }, (_, index) => ({
      key: DATES[index % DATES.length] as string,
      text: `${index},"q ""x""",\n ü\n`,
    }));
    try {
      for (let start = 0; start < input.length; start += 3) await sorter.add(input.slice(start, start + 3));
      const blocks: Buffer[] = [];
      for await (const block of sorter.sorted()) blocks.push(Buffer.from(block));
      expect(sorter.spilledRuns).toBeGreaterThan(1);
      const stable = [...input].sort((a, b) => compareBookingDates(a.key, b.key));
      expect(Buffer.concat(blocks).toString('utf8')).toBe(stable.map((item) => item.text).join(''));
    } finally {
      await sorter.dispose();
    }
  });
});
