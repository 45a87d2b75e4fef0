import type { CsvProfile } from './profile';
import { asRegex } from './profile-columns';

/** Lines of the head searched for a header row (some banks write an account summary above it). */
const HEADER_SEARCH_LINES = 30;

/**
 * The profile whose header columns all appear in one of the first lines of the head; when
 * several match, the one naming the most columns (the most specific) wins, then the first given.
 * Header names are compared on their ASCII letters and digits, so an export in Windows-1252
 * matches before it is decoded properly.
 */
export function detectCsvProfile(head: string, profiles: readonly CsvProfile[]): CsvProfile | undefined {
  // Line breaks LF, CRLF or CR alone (older Mac exports), as the tokenizer reads them.
  const lines = head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, HEADER_SEARCH_LINES);
  let best: CsvProfile | undefined;
  for (const profile of profiles) {
    if (best !== undefined && best.detect.columns.length >= profile.detect.columns.length) continue;
    const delimiter = profile.detect.delimiter ?? ',';
    if (lines.some((line) => headerMatches(splitHeader(line, delimiter), profile.detect.columns))) best = profile;
  }
  return best;
}

/** Whether a header row (already split) holds every column a profile names. */
export function headerMatches(names: readonly string[], columns: readonly string[]): boolean {
  const normalised = new Set(names.map(comparableName));
  return columns.every((column) => {
    const regex = asRegex(column);
    return regex === undefined ? normalised.has(comparableName(column)) : names.some((name) => regex.test(name));
  });
}

/** A header line split on the delimiter, surrounding quotes and spaces removed (headers rarely quote the delimiter). */
function splitHeader(line: string, delimiter: string): string[] {
  return line.split(delimiter).map((field) =>
    field
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/** A header name as detection compares it: its ASCII letters and digits, in lower case. */
export function comparableName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
