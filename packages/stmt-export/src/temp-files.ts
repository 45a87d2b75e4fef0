import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import isRunning from 'is-running';

/**
 * The name of a file being written for `target`: `.<name>.<pid>.<8 hex>.tmp` in the same folder
 * (a rename is only atomic within one file system). The process id lets a later run tell a file
 * whose writer is gone (`removeStaleTempFiles`) from one still being written.
 */
export function temporarySibling(target: string): string {
  const suffix = (nameSeries.next++ >>> 0).toString(16).padStart(8, '0');
  return join(dirname(target), `.${basename(target)}.${nameSeries.pid}.${suffix}.tmp`);
}

/**
 * The 8 hex digits count on from a random start, once per process: unique within the process,
 * and the process id sets processes apart (a folder of 500 files asked for 500 random numbers
 * and 500 process ids, each a system call). The temporary file is created exclusively anyway.
 */
const nameSeries = { pid: process.pid, next: randomBytes(4).readUInt32LE(0) };

/** Matches the names `temporarySibling` makes; group 1 is the writer's process id. */
export const TEMP_FILE_PATTERN = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** The folder of sorted runs an `ExternalSorter` makes in the temporary folder: `stmt-sort-<pid>-XXXXXX`. */
export const SORT_FOLDER_PREFIX = 'stmt-sort-';
export const SORT_FOLDER_PATTERN = /^stmt-sort-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Temporary files and folders this process is writing right now. A signal handler or an exit on a
 * closed pipe cannot wait for promises, so it removes them with `removeTrackedTempFilesSync`.
 */
const tracked = new Set<string>();

export function trackTempPath(path: string): void {
  tracked.add(path);
}

export function untrackTempPath(path: string): void {
  tracked.delete(path);
}

/** Removes every tracked file or folder at once (synchronously); returns how many there were. */
export function removeTrackedTempFilesSync(): number {
  const paths = [...tracked];
  tracked.clear();
  for (const path of paths) rmSync(path, { force: true, recursive: true });
  return paths.length;
}

/** A file younger than this is left alone even when its pid looks dead (another host or container may own it). */
const STALE_AFTER_MS = 60_000;

/**
 * Removes temporary files of our naming in `dir` whose writing process is gone (killed, or the
 * machine restarted) and that have not changed for a minute. Returns the paths removed. A live
 * process with the same id keeps its file: process ids are reused, so this errs on keeping.
 * `pattern` (group 1: the process id) picks what to look at: CSVs by default, or sort folders.
 */
export async function removeStaleTempFiles(
  dir: string,
  options: { pattern?: RegExp; now?: number } = {},
): Promise<string[]> {
  const { pattern = TEMP_FILE_PATTERN, now = Date.now() } = options;
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined || now - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { force: true, recursive: true });
    removed.push(path);
  }
  return removed;
}

/** Removes the temporary files process `pid` left in `dir` (it is known to be dead); synchronous. */
export function removeTempFilesOfSync(dir: string, pid: number): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (TEMP_FILE_PATTERN.exec(name)?.[1] !== String(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}
