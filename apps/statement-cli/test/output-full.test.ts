import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { largeStatement } from './large-statement';
import { BIN, runCli, tempDir } from './run-cli';

// Large inputs on a shared machine: bound the waits generously (nothing here asserts a duration).
jest.setTimeout(120_000);

// About 4.5 MiB of CSV: more than the 1 MiB file system below holds.
let big = '';
beforeAll(() => {
  big = join(tempDir(), 'big.xml');
  writeFileSync(big, largeStatement(20000));
});

const SPACE_MESSAGE = /no space left on the device \(ENOSPC\)\. Free some space or write to another disk/;

/** A 1 MiB tmpfs, where the system lets us mount one (root on Linux); undefined elsewhere. */
function smallDisk(): string | undefined {
  const dir = join(tempDir('stmt-full-'), 'disk');
  mkdirSync(dir);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
  if (mounted) afterAll(() => spawnSync('umount', [dir]));
  return mounted ? dir : undefined;
}

describe('stmt convert on a full disk', () => {
  const disk = smallDisk();
  const onSmallDisk = disk === undefined ? it.skip : it;
  if (disk === undefined)
    process.stderr.write(
      'output-full.test.ts: cannot mount a 1 MiB tmpfs here (needs root); the tmpfs cases are skipped, /dev/full still runs.\n',
    );

  onSmallDisk.each([[[]], [['--streaming']]])(
    'exits 5 with a message about space and leaves nothing behind (%j)',
    (extra: string[]) => {
      const out = join(disk ?? '', 'out.csv');
      const run = runCli(['convert', '-i', big, '-o', out, '--no-categorize', ...extra]);
      expect(run.status).toBe(5);
      expect(run.stderr).toMatch(SPACE_MESSAGE);
      expect(run.stderr).not.toMatch(/unexpected error|please report|\n\s+at /i);
      expect(readdirSync(disk ?? '')).toEqual([]);
    },
  );

  onSmallDisk(
    'exits 5 when the sorted runs fill the temporary folder, leaving nothing there or beside the output',
    () => {
      const input = join(tempDir(), 'larger.xml');
      writeFileSync(input, largeStatement(20000)); // over 5 MiB of CSV, runs of 1 MiB: they fill TMPDIR
      const out = tempDir('stmt-out-');
      const run = runCli(['convert', '-i', input, '-o', join(out, 'out.csv'), '--no-categorize'], {
        env: { TMPDIR: disk ?? '', STMT_SORT_MEMORY: '1MiB' },
      });
      expect(run.status).toBe(5);
      expect(run.stderr).toMatch(SPACE_MESSAGE);
      expect(run.stderr).toMatch(/temporary sort file/);
      expect(readdirSync(disk ?? '')).toEqual([]);
      expect(readdirSync(out)).toEqual([]);
    },
  );

  it.each([[[]], [['--streaming']]])(
    'exits 5 with a message about space when standard output is /dev/full (%j)',
    (extra: string[]) => {
      if (!existsSync('/dev/full')) return void process.stderr.write('no /dev/full on this system; skipped\n');
      const full = openSync('/dev/full', 'w');
      try {
        const run = spawnSync(process.execPath, [BIN, 'convert', '-i', big, '-o', '-', '--no-categorize', ...extra], {
          stdio: ['ignore', full, 'pipe'],
          encoding: 'utf8',
        });
        expect(run.status).toBe(5);
        expect(run.stderr).toMatch(/Cannot write standard output: no space left on the device/);
        expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /i);
      } finally {
        closeSync(full);
      }
    },
  );
});
