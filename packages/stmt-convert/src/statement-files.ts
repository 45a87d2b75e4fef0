import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { detectCsvProfile, detectFormat, type ParseOptions, type StatementFormat } from '@stmt/parser';
import { folderFileError } from './input';

/** Enough of a file for content sniffing to recognise every supported format. */
const HEAD_BYTES = 8192;

/** The first bytes of a file, enough to recognise its format (`detectFormat`). */
export async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The plain files of a folder (not recursive, hidden files left out), sorted by name. A symbolic
 * link is followed: a link to a regular file is listed like the file (a statement kept elsewhere
 * and linked in is converted, not silently left out), and so is a link that cannot be followed (a
 * dangling link, a loop), so that reading it reports it as unreadable. Links to folders, devices
 * and FIFOs are left out, as those are themselves.
 */
export async function listFolder(dir: string): Promise<string[]> {
  return (await listFolderEntries(dir)).map((entry) => entry.name);
}

/** `listFolder`, telling which names are symbolic links. */
export async function listFolderEntries(dir: string): Promise<{ name: string; link: boolean }[]> {
  const listed: { name: string; link: boolean }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isFile()) listed.push({ name: entry.name, link: false });
    else if (entry.isSymbolicLink() && (await leadsToFile(join(dir, entry.name))))
      listed.push({ name: entry.name, link: true });
  }
  return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A link to a regular file, or one that cannot be followed (reading it then says why). */
async function leadsToFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => true,
  );
}

/** With `--from` (or `--profile`) every file is taken as that format; otherwise its first bytes must look like a statement (or match a user's CSV profile). */
export async function isRecognisedStatement(
  path: string,
  format: StatementFormat | undefined,
  csv: CsvProfileOptions = {},
): Promise<boolean> {
  if (format !== undefined || csv.csvProfile !== undefined) return true;
  let head: Buffer;
  try {
    head = await readHead(path);
  } catch (error) {
    throw folderFileError(path, error);
  }
  return recognises(head, csv);
}

/**
 * `isRecognisedStatement` and the file's size, for each file of a folder: one open, with the
 * calls made on this thread. A small file's few system calls take microseconds; handing each to
 * the thread pool and back costs more than the calls themselves when there are hundreds of files.
 * A recognised file of fewer than `wholeBelow` bytes comes back whole in `content`: it is parsed
 * from memory, without opening and reading it a second time. A file that cannot be opened or
 * read throws a `ConvertError` (`INPUT_NOT_FOUND` or `INPUT_UNREADABLE`, exit code 3) naming it.
 */
export function inspectStatementFile(
  path: string,
  format: StatementFormat | undefined,
  csv: CsvProfileOptions = {},
  wholeBelow = 0,
): { recognised: boolean; size: number; content?: Buffer } {
  try {
    return inspectOpenFile(openSync(path, 'r'), format, csv, wholeBelow);
  } catch (error) {
    throw folderFileError(path, error);
  }
}

function inspectOpenFile(
  fd: number,
  format: StatementFormat | undefined,
  csv: CsvProfileOptions,
  wholeBelow: number,
): { recognised: boolean; size: number; content?: Buffer } {
  try {
    const { size } = fstatSync(fd);
    const whole = size < wholeBelow;
    const given = format !== undefined || csv.csvProfile !== undefined;
    if (given && !whole) return { recognised: true, size };
    // A file that grew since fstat is read to its end all the same.
    const bytes = whole ? readFileSync(fd) : readPrefix(fd, HEAD_BYTES);
    const recognised = given || recognises(bytes.subarray(0, HEAD_BYTES), csv);
    return whole && recognised ? { recognised, size: bytes.length, content: bytes } : { recognised, size };
  } finally {
    closeSync(fd);
  }
}

function readPrefix(fd: number, bytes: number): Buffer {
  const buffer = Buffer.allocUnsafe(bytes);
  return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
}

const recognises = (head: Buffer, csv: CsvProfileOptions): boolean =>
  detectFormat(head) !== undefined ||
  (csv.csvProfiles !== undefined && detectCsvProfile(head.toString('utf8'), csv.csvProfiles) !== undefined);

/** `--profile NAME` and the user's CSV profiles, handed to the parser as they are. */
export type CsvProfileOptions = Pick<ParseOptions, 'csvProfiles' | 'csvProfile'>;

/** How to read input files: encoding, field size and entry-detail limits, handed to the parser. */
export type ReadOptions = Pick<ParseOptions, 'encoding' | 'maxFieldSize' | 'maxEntryDetails' | 'streamEntryDetails'>;
