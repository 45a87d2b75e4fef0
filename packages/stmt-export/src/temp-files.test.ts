import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  removeStaleTempFiles,
  removeTempFilesOfSync,
  removeTrackedTempFilesSync,
  SORT_FOLDER_PATTERN,
  TEMP_FILE_PATTERN,
  temporarySibling,
  trackTempPath,
  untrackTempPath,
} from './temp-files';
import { scratchFolder } from '@fin/test-utils';

const dir = scratchFolder('stmt-temp-files-');

const DEAD_PID = 999_999_999; // above any Linux pid_max

describe('temporary files', () => {
  it('names a hidden sibling with the process id that the pattern recognises', () => {
    const name = basename(temporarySibling(join(dir(), 'march.csv')));
    expect(name.startsWith('.march.csv.')).toBe(true);
    expect(TEMP_FILE_PATTERN.exec(name)?.[1]).toBe(String(process.pid));
    expect(TEMP_FILE_PATTERN.test('march.csv')).toBe(false);
  });

  it('names every temporary sibling of one target differently', () => {
    const names = Array.from({ length: 1000 }, () => temporarySibling(join(dir(), 'march.csv')));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(TEMP_FILE_PATTERN.test(basename(name))).toBe(true);
  });

  it('removes tracked files and folders synchronously, and only those', () => {
    const file = join(dir(), 'a.tmp');
    const folder = join(dir(), 'runs');
    const kept = join(dir(), 'kept.tmp');
    writeFileSync(file, 'x');
    mkdirSync(folder);
    writeFileSync(join(folder, 'run-0'), 'x');
    writeFileSync(kept, 'x');
    trackTempPath(file);
    trackTempPath(folder);
    trackTempPath(kept);
    untrackTempPath(kept);
    expect(removeTrackedTempFilesSync()).toBe(2);
    expect(readdirSync(dir())).toEqual(['kept.tmp']);
    expect(removeTrackedTempFilesSync()).toBe(0);
  });

  it('removes stale files of dead processes, keeping live, recent and foreign ones', async () => {
    const names = [
      `.a.csv.${DEAD_PID}.0123abcd.tmp`,
      `.b.csv.${process.pid}.0123abcd.tmp`,
      `.c.csv.${DEAD_PID}.89abcdef.tmp`,
      'c.csv.tmp',
    ];
    for (const name of names) writeFileSync(join(dir(), name), 'x');
    const old = new Date(Date.now() - 3_600_000);
    for (const name of [names[0], names[1], names[3]]) utimesSync(join(dir(), name ?? ''), old, old);
    expect(await removeStaleTempFiles(dir())).toEqual([join(dir(), names[0] ?? '')]);
    expect(readdirSync(dir()).sort()).toEqual([names[1], names[2], names[3]].sort());
    expect(await removeStaleTempFiles(join(dir(), 'missing'))).toEqual([]);
  });

  it('removes stale sort folders with their runs when asked for that pattern', async () => {
    const stale = join(dir(), `stmt-sort-${DEAD_PID}-AbC123`);
    const live = join(dir(), `stmt-sort-${process.pid}-XyZ789`);
    for (const folder of [stale, live]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'run-0'), 'x');
      const old = new Date(Date.now() - 3_600_000);
      utimesSync(folder, old, old);
    }
    expect(await removeStaleTempFiles(dir())).toEqual([]); // not CSV temporaries
    expect(await removeStaleTempFiles(dir(), { pattern: SORT_FOLDER_PATTERN })).toEqual([stale]);
    expect(existsSync(live)).toBe(true);
  });

  it('removes the files one dead process left, whatever their age', () => {
    writeFileSync(join(dir(), `.a.csv.${DEAD_PID}.0123abcd.tmp`), 'x');
    writeFileSync(join(dir(), `.a.csv.12.0123abcd.tmp`), 'x');
    expect(removeTempFilesOfSync(dir(), DEAD_PID)).toHaveLength(1);
    expect(existsSync(join(dir(), '.a.csv.12.0123abcd.tmp'))).toBe(true);
  });
});
