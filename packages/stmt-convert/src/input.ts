import { createReadStream, lstatSync, readlinkSync } from 'node:fs';
import { access, constants, stat } from 'node:fs/promises';
import { ConvertError } from './errors';

export type InputTarget =
  /** `-`: read from `stream`, the process's standard input when not given. */
  | { kind: 'stdin'; name: string; stream?: AsyncIterable<Buffer> }
  /** `content`: the file's bytes, when they were read already (a small file of a folder). */
  | { kind: 'file'; name: string; path: string; size: number; content?: Buffer }
  | { kind: 'directory'; name: string; path: string };

/** `-` is standard input; anything else must be a readable file or folder (exit code 3 otherwise). */
export async function resolveInput(path: string): Promise<InputTarget> {
  if (path === '-') return { kind: 'stdin', name: '<stdin>' };
  try {
    const info = await stat(path);
    await access(path, constants.R_OK);
    if (info.isDirectory()) return { kind: 'directory', name: path, path };
    return { kind: 'file', name: path, path, size: info.size };
  } catch (error) {
    throw inputError(path, error);
  }
}

export function inputError(path: string, error: unknown): ConvertError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new ConvertError(
      'INPUT_NOT_FOUND',
      `Input ${path} not found. Check the path, or use \`-\` to read standard input.`,
      { cause: error },
    );
  }
  // A system error of another realm (a VM context) is no `instanceof Error`, but has its message.
  const message = (error as { message?: unknown } | undefined)?.message;
  const reason = typeof message === 'string' ? message : String(error);
  return new ConvertError('INPUT_UNREADABLE', `Input ${path} cannot be read (${reason}). ${unreadableHint(code)}`, {
    cause: error,
  });
}

/** What to check for a file that exists but cannot be opened or read. */
function unreadableHint(code: string | undefined): string {
  return code === 'ELOOP' ? 'Its symbolic links form a loop: check where they point.' : 'Check its permissions.';
}

/**
 * The error to throw for a file of an input folder that cannot be opened or read (exit code 3), as
 * for any input that cannot be read: `INPUT_UNREADABLE` (no permission, a loop of links) or
 * `INPUT_NOT_FOUND` (a dangling symbolic link, or a file removed while the folder was read). The
 * file is then reported and the folder's other files still converted, instead of an "unexpected
 * error". What is not a system error (no `syscall`) is returned as it is.
 */
export function folderFileError(path: string, error: unknown): unknown {
  if (typeof (error as NodeJS.ErrnoException | undefined)?.syscall !== 'string') return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR') return inputError(path, error);
  const pointsTo = linkTarget(path);
  return new ConvertError(
    'INPUT_NOT_FOUND',
    pointsTo === undefined
      ? `Input ${path} not found: it was removed while its folder was read.`
      : `Input ${path} is a symbolic link to ${pointsTo}, which does not exist. Restore that file, or remove the link.`,
    { cause: error },
  );
}

function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** 1 MiB reads: large enough that per-chunk overhead vanishes, small enough for constant memory. */
const CHUNK_BYTES = 1024 * 1024;

/** The input's bytes as chunks, reporting each chunk's size (for the progress bar). */
export async function* readChunks(target: InputTarget, onBytes?: (bytes: number) => void): AsyncGenerator<Buffer> {
  const stream = target.kind === 'stdin' ? target.stream : undefined;
  const source =
    target.kind === 'file' ? createReadStream(target.path, { highWaterMark: CHUNK_BYTES }) : (stream ?? process.stdin);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      onBytes?.(chunk.length);
      yield chunk;
    }
  } catch (error) {
    throw inputError(target.name, error);
  }
}
