import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { largeStatement } from './large-statement';
import { runCli, tempDir } from './run-cli';

// Large inputs on a shared machine: bound the waits generously (nothing here asserts a duration).
jest.setTimeout(120_000);

describe('stmt convert default (sorted) mode in bounded memory', () => {
  it('sorts more rows than it holds in memory (runs spilled to TMPDIR and merged) exactly as a stable sort, leaving no run behind', () => {
    const dir = tempDir();
    const input = join(dir, 'large.xml');
    // 60,000 rows (booking dates cycling through March) make about 16 MiB of CSV, four times what the sorter holds here.
    writeFileSync(input, largeStatement(60000));
    const spill = tempDir('stmt-spill-');
    const sorted = join(dir, 'sorted.csv');
    const fileOrder = join(dir, 'file-order.csv');
    const run = runCli(['convert', '-i', input, '-o', sorted, '--no-categorize', '--verbose'], {
      env: { TMPDIR: spill, STMT_SORT_MEMORY: '4MiB' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/sortRuns=[2-9]/);
    expect(runCli(['convert', '-i', input, '-o', fileOrder, '--no-categorize', '--streaming']).status).toBe(0);
    const [header, ...rows] = readFileSync(fileOrder, 'utf8').trimEnd().split('\n');
    const date = (row: string): string => row.slice(0, 10);
    const expected = [...rows].sort((a, b) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0)); // stable
    expect(readFileSync(sorted, 'utf8')).toBe([header, ...expected, ''].join('\n'));
    expect(readdirSync(spill)).toEqual([]);
  });

  it('refuses an STMT_SORT_MEMORY that is not a size as a usage error, writing nothing', () => {
    const dir = tempDir();
    const input = join(dir, 'small.xml');
    writeFileSync(input, largeStatement(10));
    const run = runCli(['convert', '-i', input, '-o', join(dir, 'out.csv'), '--no-categorize'], {
      env: { STMT_SORT_MEMORY: 'lots' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/STMT_SORT_MEMORY "lots": expected a size such as 1MiB/);
    expect(readdirSync(dir)).toEqual(['small.xml']);
  });
});
