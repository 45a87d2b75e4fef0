import { scratchFolder } from '@fin/test-utils';
import { DEFAULT_COLUMNS, SEPA_COLUMNS, type StatementRow } from './columns';
import { compareByBookingDate, createRowSorter } from './row-order';

const dir = scratchFolder('stmt-row-order-test-');
const DATES = ['2024-03-02', '', '2024-03-01', '2024-03-02', '2024-02-28T10:00:00', '', '2024-03-01'];

/** Rows whose keys come in `columns` order, every value distinct, with texts a JSON line must carry unchanged. */
function rows(columns: readonly string[]): StatementRow[] {
  return Array.from({ length: 70 }, (_, index) => {
    const row: Record<string, string> = {};
    for (const column of columns) row[column] = `${column} ${index} "q" \\ \n ü`;
    row['booking_date'] = DATES[index % DATES.length] as string;
    return row as StatementRow;
  });
}

async function sortRows(input: StatementRow[]): Promise<{ sorted: StatementRow[]; runs: number }> {
  // A few rows per run: the rows come back from run files.
  const sorter = createRowSorter({ memoryBytes: 20_000, tempDir: dir() });
  try {
    for (let start = 0; start < input.length; start += 3) await sorter.add(input.slice(start, start + 3));
    const sorted: StatementRow[] = [];
    for await (const row of sorter.sorted()) sorted.push(row);
    return { sorted, runs: sorter.spilledRuns };
  } finally {
    await sorter.dispose();
  }
}

describe('createRowSorter', () => {
  it.each([
    ['in the column order rows are built in', [...DEFAULT_COLUMNS, ...SEPA_COLUMNS]],
    ['in another column order', [...SEPA_COLUMNS, ...DEFAULT_COLUMNS].reverse()],
  ])('gives back rows with their keys %s, equal and in stable booking-date order', async (_, columns) => {
    const input = rows(columns);
    const expected = [...input].sort(compareByBookingDate);
    const { sorted, runs } = await sortRows(input);
    expect(runs).toBeGreaterThan(1);
    expect(sorted).toEqual(expected);
    expect(sorted.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
  });
});
