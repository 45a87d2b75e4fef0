import type { CsvProfile } from './profile';
import { asRegex } from './profile-columns';

/** Lines of the head searched for a header row (some banks write an account summary above it). */
const HEADER_SEARCH_LINES = 30;

/**
 * Delimiters tried after a profile's own: a bank may write one layout with another delimiter
 * (ING Netherlands exports the same columns with `,` and, in its newer export, with `;`).
 */
const OTHER_DELIMITERS = [',', ';', '\t', '|'];

/** A recognised layout: the profile, and the delimiter its header is written with. */
export interface CsvLayout {
  profile: CsvProfile;
  delimiter: string;
}

/**
 * The profile whose header columns all appear in one of the first lines of the head; when
 * several match, the one naming the most columns (the most specific) wins, then the first given.
 * Header names are compared on their ASCII letters and digits, so an export in Windows-1252
 * matches before it is decoded properly.
 */
export function detectCsvProfile(head: string, profiles: readonly CsvProfile[]): CsvProfile | undefined {
  return detectCsvLayout(head, profiles)?.profile;
}

/**
 * As `detectCsvProfile`, with the delimiter that splits the header line into the profile's
 * columns: the profile's own (default `,`) when it does, else the first of `,` `;` tab `|` that does.
 */
export function detectCsvLayout(head: string, profiles: readonly CsvProfile[]): CsvLayout | undefined {
  // Line breaks LF, CRLF or CR alone (older Mac exports), as the tokenizer reads them.
  const lines = head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, HEADER_SEARCH_LINES);
  let best: CsvLayout | undefined;
  for (const profile of profiles) {
    if (best !== undefined && best.profile.detect.columns.length >= profile.detect.columns.length) continue;
    const own = profile.detect.delimiter ?? ',';
    const delimiter = [own, ...OTHER_DELIMITERS.filter((other) => other !== own)].find((candidate) =>
      lines.some((line) => headerMatches(splitHeader(line, candidate), profile.detect.columns)),
    );
    if (delimiter !== undefined) best = { profile, delimiter };
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
