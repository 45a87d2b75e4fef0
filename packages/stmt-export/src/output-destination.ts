import { lstatSync, type Stats } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

/**
 * Where the content for an output path goes, and how it is written:
 * - `replace`: a regular file at `path`, written to a temporary sibling and renamed over it.
 *   `path` is the output itself or, for a symbolic link, the file the link points to (which need
 *   not exist yet), so the link stays a link. `existing` is the file it replaces, if any.
 * - `through`: a character or block device, a FIFO, a socket, or a link to a descriptor
 *   (`/dev/stdout`, `/dev/fd/N`), opened at `path` and written straight through: a rename would
 *   put a regular file in its place. `append`: a descriptor's file is appended to, as writing to
 *   the descriptor itself would (its shell truncated it for `>`, and keeps it for `>>`).
 * A folder is a `replace` without `existing`: the rename then fails as it always did.
 */
export type OutputDestination =
  { kind: 'replace'; path: string; existing: Stats | undefined } | { kind: 'through'; path: string; append: boolean };

/** As many links as Linux follows in one path (MAXSYMLINKS) before it reports ELOOP. */
const MAX_LINKS = 40;

/** A process's descriptor as Linux shows it (`/dev/stdout` → `/proc/self/fd/1` → `/proc/<pid>/fd/1`), or `/dev/fd/N`. */
const DESCRIPTOR = /^(?:\/proc\/\d+(?:\/task\/\d+)?\/fd|\/dev\/fd)\/\d+$/;

/**
 * Where `target`'s content goes (see `OutputDestination`). A path that is not a link costs one
 * `lstat`, made on this thread: a folder conversion checks each output its folder already holds
 * while the thread pool is busy with the others' fsyncs, behind which an asynchronous call would
 * wait (an output its listing does not hold is not looked up at all; see `createAtomicFile`).
 */
export async function outputDestination(target: string): Promise<OutputDestination> {
  let info: Stats | undefined;
  try {
    info = lstatSync(target, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR, EACCES and the like: creating the temporary file reports them, naming the target.
    info = undefined;
  }
  if (info?.isSymbolicLink() === true) return followLinks(target);
  if (info === undefined || info.isFile() || info.isDirectory()) return replacing(target, info);
  return { kind: 'through', path: target, append: false };
}

function replacing(path: string, info: Stats | undefined): OutputDestination {
  return { kind: 'replace', path, existing: info?.isFile() === true ? info : undefined };
}

/**
 * Follows a chain of links one link at a time, as the system would: a relative link from the
 * folder it is in, with that folder's own links resolved first (so `..` means what it means to
 * the system). Stops at a descriptor, at what exists and is not a link, or at a name that does
 * not exist yet (a dangling link: the file is created where it points).
 */
async function followLinks(target: string): Promise<OutputDestination> {
  let link = target;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    const folder = await realpath(dirname(link));
    if (DESCRIPTOR.test(join(folder, basename(link)))) return { kind: 'through', path: target, append: true };
    const pointsTo = await readlink(link);
    const spelledFolder = dirname(pointsTo);
    const pointsToFolder = await realpath(
      isAbsolute(pointsTo) ? spelledFolder : `${folder}${sep}${spelledFolder}`,
    ).catch(() => undefined);
    // The folder the link points into does not exist: creating the temporary file there says so.
    if (pointsToFolder === undefined) return replacing(resolve(folder, pointsTo), undefined);
    const next = join(pointsToFolder, basename(pointsTo));
    const info = await lstat(next).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (info?.isSymbolicLink() === true) {
      link = next;
      continue;
    }
    if (DESCRIPTOR.test(next)) return { kind: 'through', path: target, append: true };
    if (info === undefined || info.isFile() || info.isDirectory()) return replacing(next, info);
    return { kind: 'through', path: next, append: false };
  }
  throw Object.assign(new Error(`more than ${MAX_LINKS} symbolic links in a chain`), { code: 'ELOOP' });
}
