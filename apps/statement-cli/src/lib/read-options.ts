import { constants, openSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { inputError, type InputTarget, type ReadOptions } from '@stmt/convert';
import { isSupportedEncoding } from '@stmt/parser';
import { CliError } from './cli-error';
import { MAX_FIELD_SIZE, MAX_FIELD_SIZE_TEXT, type StmtConfig } from './config/schema';
import { parseSize } from './size';

/**
 * How to read input files: what `--encoding` / `--max-field-size` (or `input.*`) say. The flags win
 * over the configuration; a name or size that makes no sense is a usage error (exit 2) in a flag,
 * and a configuration error (exit 6) naming the key in the configuration.
 */
export function readOptions(
  flags: { encoding?: string | undefined; maxFieldSize?: string | undefined; maxEntryDetails?: number | undefined },
  config: StmtConfig,
): ReadOptions {
  const encoding = flags.encoding ?? config.input?.encoding;
  const size = flags.maxFieldSize ?? config.input?.max_field_size;
  const options: ReadOptions = {};
  if (encoding !== undefined) {
    if (!isSupportedEncoding(encoding)) {
      const flag = flags.encoding !== undefined;
      throw new CliError(
        flag ? 'USAGE' : 'CONFIG_INVALID',
        `${flag ? '--encoding' : 'input.encoding'} ${JSON.stringify(encoding)} is not an encoding this tool knows; use e.g. utf-8, iso-8859-1, iso-8859-2, windows-1250, windows-1252 or utf-16le.`,
      );
    }
    options.encoding = encoding.toLowerCase();
  }
  if (size !== undefined) {
    options.maxFieldSize =
      flags.maxFieldSize !== undefined
        ? fieldSize(size, '--max-field-size', 'USAGE')
        : fieldSize(size, 'input.max_field_size', 'CONFIG_INVALID');
  }
  const details = flags.maxEntryDetails ?? config.input?.max_entry_details;
  if (details !== undefined) options.maxEntryDetails = details;
  return options;
}

/**
 * `--max-field-size` / `input.max_field_size` in bytes, from 1 byte to MAX_FIELD_SIZE: a value that
 * is not a size and one above the bound (`1TiB`, `99999999999999999999`) are refused alike, the
 * flag as a usage error (exit 2), the key as a configuration error (exit 6), naming the range.
 */
function fieldSize(value: string | number, what: string, code: 'USAGE' | 'CONFIG_INVALID'): number {
  let bytes: number | undefined;
  try {
    bytes = parseSize(value, what, code);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
  }
  if (bytes === undefined || bytes > MAX_FIELD_SIZE) {
    throw new CliError(
      code,
      `${what} ${JSON.stringify(String(value))}: expected a size from 1 byte to ${MAX_FIELD_SIZE_TEXT}, such as 512KiB or 16MiB (default 1MiB).`,
    );
  }
  return bytes;
}

/**
 * The input as it can be read: a named pipe (`mkfifo`, and `<(…)` of a shell) is read once from
 * start to end, as standard input is. Read as a file, it would be opened a second time after its
 * head was sniffed, and with its writer gone that open waits for ever. It is opened without
 * waiting (O_NONBLOCK) and read as a socket is, by the event loop, so that a pipe whose writer
 * has not come yet holds no thread and a stop signal still ends the run at once.
 */
export async function readableInput(input: InputTarget): Promise<InputTarget> {
  if (input.kind !== 'file' || !(await isNamedPipe(input))) return input;
  let fd: number;
  try {
    fd = openSync(input.path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw inputError(input.name, error);
  }
  return { kind: 'stdin', name: input.name, stream: new Socket({ fd, readable: true, writable: false }) };
}

/** Whether the input is a named pipe, which can be read only once. */
export async function isNamedPipe(input: InputTarget): Promise<boolean> {
  if (input.kind !== 'file') return false;
  return (await stat(input.path).catch(() => undefined))?.isFIFO() === true;
}
