import type { ReadOptions } from '@stmt/convert';
import { isSupportedEncoding } from '@stmt/parser';
import { CliError } from './cli-error';
import type { StmtConfig } from './config/schema';
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
        ? parseSize(size, '--max-field-size')
        : parseSize(size, 'input.max_field_size', 'CONFIG_INVALID');
  }
  const details = flags.maxEntryDetails ?? config.input?.max_entry_details;
  if (details !== undefined) options.maxEntryDetails = details;
  return options;
}
