import { ExportError } from './errors';

/** Names accepted for `csv.delimiter`, so a YAML file need not quote a tab or a semicolon. */
const NAMED_DELIMITERS: Record<string, string> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
  pipe: '|',
};

export const DELIMITER_NAMES = Object.keys(NAMED_DELIMITERS);

/**
 * Turns a configured delimiter (`comma`, `semicolon`, `tab`, `pipe` or one character) into the
 * character itself. Quotes, CR and LF are refused: they would make the CSV unreadable.
 */
export function resolveDelimiter(value: string): string {
  const named = NAMED_DELIMITERS[value.toLowerCase()];
  if (named !== undefined) return named;
  if ([...value].length === 1 && !['"', '\r', '\n'].includes(value)) return value;
  throw new ExportError(
    'INVALID_DELIMITER',
    `CSV delimiter '${value}' is not supported; use one of ${DELIMITER_NAMES.join(', ')} or a single character other than a quote or a line break.`,
  );
}
