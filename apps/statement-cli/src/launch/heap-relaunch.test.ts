import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MAX_FIELD_SIZE } from '@stmt/parser';
import {
  DEFAULT_FIELD_BYTES,
  HEAP_FLAGS,
  launchFlags,
  oldSpaceFor,
  SORTING_HEAP_FLAGS,
  tunedEnvironment,
  tunedHeapFlags,
} from './heap-relaunch';
import { BROKEN_PIPE_EXIT, isBrokenPipe, signalExitCode } from './process-guards';

describe('the --streaming launcher', () => {
  it('restarts a streaming run once, unless the user tuned the heap', () => {
    expect(tunedHeapFlags(['convert', '--streaming'], {}, [])).toBe(HEAP_FLAGS);
    expect(tunedHeapFlags(['convert', '--streaming', '-i', '-'], {}, [])).toBe(HEAP_FLAGS);
    expect(tunedHeapFlags(['convert', '--streaming'], { STMT_HEAP_TUNED: '1' }, [])).toBeUndefined();
    expect(
      tunedHeapFlags(['convert', '--streaming'], { NODE_OPTIONS: '--max-old-space-size=512' }, []),
    ).toBeUndefined();
    expect(tunedHeapFlags(['convert', '--streaming'], {}, ['--max-semi-space-size=8'])).toBeUndefined();
  });

  it('restarts a sorted conversion of a large file, standard input or a folder; not a small file or a dry run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-launch-'));
    try {
      const small = join(dir, 'small.xml');
      const large = join(dir, 'large.xml');
      writeFileSync(small, '<Document/>');
      writeFileSync(large, '');
      truncateSync(large, 32 * 2 ** 20); // sparse: takes no disk
      expect(tunedHeapFlags(['convert', '-i', small, '-o', 'x.csv'], {}, [])).toBeUndefined();
      expect(tunedHeapFlags(['convert', '-i', large, '-o', 'x.csv'], {}, [])).toBe(SORTING_HEAP_FLAGS);
      expect(tunedHeapFlags(['camt', `--input=${large}`, '-o', 'x.csv'], {}, [])).toBe(SORTING_HEAP_FLAGS);
      expect(tunedHeapFlags(['convert', '-i', '-', '-o', '-'], {}, [])).toBe(SORTING_HEAP_FLAGS);
      expect(tunedHeapFlags(['convert', '-i', dir, '-o', dir], {}, [])).toBe(SORTING_HEAP_FLAGS);
      expect(tunedHeapFlags(['convert', '-i', large, '--dry-run'], {}, [])).toBeUndefined();
      expect(tunedHeapFlags(['validate', '-i', large], {}, [])).toBeUndefined();
      expect(tunedHeapFlags(['convert', '-i', join(dir, 'missing.xml'), '-o', 'x.csv'], {}, [])).toBeUndefined();
      // --streaming: one file under 1 MiB runs in the default heap; a larger one, or a folder, restarts.
      const medium = join(dir, 'medium.xml');
      writeFileSync(medium, '');
      truncateSync(medium, 2 ** 20);
      expect(tunedHeapFlags(['convert', '-i', small, '-o', 'x.csv', '--streaming'], {}, [])).toBeUndefined();
      expect(tunedHeapFlags(['convert', '-i', medium, '-o', 'x.csv', '--streaming'], {}, [])).toBe(HEAP_FLAGS);
      expect(tunedHeapFlags(['convert', '-i', dir, '-o', dir, '--streaming'], {}, [])).toBe(HEAP_FLAGS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the old space three times the --max-field-size above its default, on the tuned heaps', () => {
    expect(DEFAULT_FIELD_BYTES).toBe(DEFAULT_MAX_FIELD_SIZE);
    expect(HEAP_FLAGS).toContain(`--max-old-space-size=${oldSpaceFor(true, DEFAULT_FIELD_BYTES)}`);
    expect(SORTING_HEAP_FLAGS).toContain(`--max-old-space-size=${oldSpaceFor(false, 512)}`);
    expect(oldSpaceFor(true, 20 * 2 ** 20)).toBe(44 + 3 * 19);
    expect(oldSpaceFor(false, 64 * 2 ** 20 + 1)).toBe(160 + 3 * 64);
  });

  it("restarts with one malloc arena, a fixed mapping threshold and the restart mark, keeping the user's own settings", () => {
    expect(tunedEnvironment({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      MALLOC_ARENA_MAX: '1',
      MALLOC_MMAP_THRESHOLD_: '131072',
      STMT_HEAP_TUNED: '1',
    });
    expect(tunedEnvironment({ MALLOC_ARENA_MAX: '4' })['MALLOC_ARENA_MAX']).toBe('4');
    expect(tunedEnvironment({ MALLOC_MMAP_THRESHOLD_: '65536' })['MALLOC_MMAP_THRESHOLD_']).toBe('65536');
  });

  it('finds a flag value in every spelling', () => {
    expect(launchFlags(['convert', '-o', 'a.csv']).output).toBe('a.csv');
    expect(launchFlags(['convert', '--output', 'b.csv']).output).toBe('b.csv');
    expect(launchFlags(['convert', '--output=c.csv']).output).toBe('c.csv');
    expect(launchFlags(['convert', '-i', 'x.xml']).output).toBeUndefined();
    expect(launchFlags(['convert', '-ix.xml', '--from', 'mt940', '--streaming', '-o', '-'])).toEqual({
      input: 'x.xml',
      output: '-',
      streaming: true,
      dryRun: false,
      help: false,
    });
  });

  it('uses the shell conventions for signals and closed pipes', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(BROKEN_PIPE_EXIT).toBe(141);
    expect(isBrokenPipe(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(
      isBrokenPipe(new Error('outer', { cause: Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }) })),
    ).toBe(true);
    expect(isBrokenPipe(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }))).toBe(false);
  });
});
