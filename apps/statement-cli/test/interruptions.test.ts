import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_FILE_PATTERN } from '@stmt/export';
import { largeStatement } from './large-statement';
import { runCli, spawnCli, tempDir } from './run-cli';

// Large inputs on a shared machine: bound the waits generously (nothing here asserts a duration).
jest.setTimeout(120_000);

// More than 8 MiB: large camt files are read on worker threads, the case that used to hang on a closed pipe.
let big = '';
beforeAll(() => {
  big = join(tempDir(), 'big.xml');
  writeFileSync(big, largeStatement(26000));
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (the test's own timeout bounds the wait; no timing is asserted). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

const tempFiles = (dir: string): string[] => readdirSync(dir).filter((name) => TEMP_FILE_PATTERN.test(name));

/** Running (a zombie nobody has reaped yet counts as gone: it no longer runs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z /.test(stat);
}

/** The process ids of `pid`'s children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

describe('stmt convert -o - | head -1', () => {
  it.each([[[]], [['--streaming']]])(
    'ends at once, quietly, with 141 when the reader goes away (%j)',
    async (extra: string[]) => {
      const child = spawnCli(['convert', '-i', big, '-o', '-', '--no-categorize', ...extra]);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [first] = (await once(child.stdout, 'data')) as [Buffer];
      expect(first.toString().startsWith('booking_date,')).toBe(true);
      child.stdout.destroy(); // what `head -1` does after its line
      const [code] = (await once(child, 'close')) as [number | null];
      expect(code).toBe(141);
      // Quiet about the pipe: no error, no EPIPE, no stack (notes about the file itself may still be logged).
      expect(stderr).not.toMatch(/ error |EPIPE|\n\s+at /);
    },
  );
});

describe('stmt convert interrupted by a signal', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s removes the temporary CSV and exits %i', async (signal, status) => {
    const dir = tempDir();
    const child = spawnCli(['convert', '-i', big, '-o', join(dir, 'out.csv'), '--no-categorize']);
    await until(() => tempFiles(dir).length > 0);
    child.kill(signal);
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code).toBe(status);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a later run removes temporary files of its naming whose process is gone, and keeps a live one', () => {
    const dir = tempDir();
    const dead = join(dir, '.old.csv.999999999.0badc0de.tmp'); // above any Linux pid_max
    const live = join(dir, `.other.csv.${process.pid}.0badc0de.tmp`);
    const recent = join(dir, '.new.csv.999999999.12345678.tmp');
    for (const file of [dead, live, recent]) writeFileSync(file, 'partial');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(dead, hourAgo, hourAgo);
    utimesSync(live, hourAgo, hourAgo);
    const run = runCli(['convert', '-i', big, '-o', join(dir, 'out.csv'), '--no-categorize']);
    expect(run.status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      '.new.csv.999999999.12345678.tmp',
      `.other.csv.${process.pid}.0badc0de.tmp`,
      'out.csv',
    ]);
  });
});

describe('stmt convert --streaming launcher', () => {
  it('its child dies with it when the launcher is killed with SIGKILL, and no CSV appears later', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.csv');
    const launcher = spawnCli(['convert', '-i', big, '-o', out, '--no-categorize', '--streaming', '--threads', '0']);
    await until(() => tempFiles(dir).length > 0);
    const [child] = childrenOf(launcher.pid ?? 0);
    expect(child).toBeDefined();
    launcher.kill('SIGKILL');
    await until(() => !alive(child ?? 0));
    expect(existsSync(out)).toBe(false);
    expect(tempFiles(dir)).toEqual([]);
  });

  it('forwards SIGTERM (as `timeout` sends) to its child, which cleans up; the launcher exits 143', async () => {
    const dir = tempDir();
    const launcher = spawnCli([
      'convert',
      '-i',
      big,
      '-o',
      join(dir, 'out.csv'),
      '--no-categorize',
      '--streaming',
      '--threads',
      '0',
    ]);
    await until(() => tempFiles(dir).length > 0);
    const [child] = childrenOf(launcher.pid ?? 0);
    launcher.kill('SIGTERM');
    const [code] = (await once(launcher, 'close')) as [number | null];
    expect(code).toBe(143);
    expect(alive(child ?? 0)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('stmt convert default (sorted) mode interrupted', () => {
  it('SIGTERM while sorted runs are on disk: the restarted child removes them and the CSV temporary; exit 143', async () => {
    const dir = tempDir();
    const input = join(dir, 'large.xml');
    writeFileSync(input, largeStatement(100000)); // over 32 MiB: the run restarts with a tuned heap; runs of 1 MiB spill early
    const spill = tempDir('stmt-spill-');
    const out = tempDir('stmt-out-');
    const launcher = spawnCli(['convert', '-i', input, '-o', join(out, 'out.csv'), '--no-categorize'], {
      env: { TMPDIR: spill, STMT_SORT_MEMORY: '1MiB' },
    });
    await until(() => readdirSync(spill).some((name) => name.startsWith('stmt-sort-')));
    const [child] = childrenOf(launcher.pid ?? 0);
    expect(child).toBeDefined();
    launcher.kill('SIGTERM');
    const [code] = (await once(launcher, 'close')) as [number | null];
    expect(code).toBe(143);
    expect(alive(child ?? 0)).toBe(false);
    expect(readdirSync(spill)).toEqual([]);
    expect(readdirSync(out)).toEqual([]);
  });
});
