import type { CsvProfile } from './profile';
import { asRegex } from './profile-columns';
import { CsvTokenizer, type CsvRecord } from './tokenizer';

/** Lines of the head searched for a header row (some banks write an account summary above it). */
const HEADER_SEARCH_LINES = 30;
/** Characters of the head searched (a bank CSV's summary and header fit many times over): a file that is no CSV costs no more. */
const HEADER_SEARCH_CHARS = 16 * 1024;

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
  const lines = headLines(head);
  // Each line is split and its names made comparable once per delimiter, however many profiles
  // are tried: a head of one long line (not a CSV at all) would otherwise be copied per profile.
  const split = new Map<string, HeaderLine[]>();
  const splitOn = (delimiter: string): HeaderLine[] => {
    let found = split.get(delimiter);
    if (found === undefined) {
      found = lines.map((line) => headerLine(splitHeader(line, delimiter)));
      split.set(delimiter, found);
    }
    return found;
  };
  let best: CsvLayout | undefined;
  for (const profile of profiles) {
    if (best !== undefined && best.profile.detect.columns.length >= profile.detect.columns.length) continue;
    const own = profile.detect.delimiter ?? ',';
    const delimiter = [own, ...OTHER_DELIMITERS.filter((other) => other !== own)].find((candidate) =>
      splitOn(candidate).some((line) => holdsColumns(line, profile.detect.columns)),
    );
    if (delimiter !== undefined) best = { profile, delimiter };
  }
  return best;
}

/**
 * Whether a head reads as a table: two records in a row among its first ones split into the same
 * three or more cells on one of `,` `;` tab `|` (a header and a booking). Records are read as the
 * CSV tokenizer reads them, so a quoted cell that spans lines (a multi-line remittance text) is one
 * cell. For the message of a file that no parser recognises, which is then likely a bank's CSV
 * export with no profile.
 */
export function looksLikeCsv(head: string): boolean {
  const text = head.slice(0, HEADER_SEARCH_CHARS).replace(/^\uFEFF/, '');
  return OTHER_DELIMITERS.some((delimiter) => {
    const counts = recordsOf(text, delimiter)
      .slice(0, HEADER_SEARCH_LINES)
      .filter((record) => record.fields.length > 1 || record.fields[0] !== '')
      .map((record) => record.fields.length);
    return counts.some((count, at) => count >= 3 && counts[at + 1] === count);
  });
}

/** The complete records of a head; none when its quotes do not read as CSV on this delimiter. */
function recordsOf(text: string, delimiter: string): CsvRecord[] {
  try {
    return new CsvTokenizer(delimiter, HEADER_SEARCH_CHARS, undefined).write(text);
  } catch {
    return [];
  }
}

/**
 * The first lines of a head, where a header row is looked for: line breaks LF, CRLF or CR alone
 * (older Mac exports), as the tokenizer reads them.
 */
function headLines(head: string): string[] {
  return head
    .slice(0, HEADER_SEARCH_CHARS)
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/, HEADER_SEARCH_LINES);
}

/** A header line split into names, and the names as detection compares them. */
interface HeaderLine {
  names: readonly string[];
  compared: ReadonlySet<string>;
}

function headerLine(names: readonly string[]): HeaderLine {
  return { names, compared: new Set(names.map(comparableName)) };
}

/** Whether a header row (already split) holds every column a profile names. */
export function headerMatches(names: readonly string[], columns: readonly string[]): boolean {
  return holdsColumns(headerLine(names), columns);
}

function holdsColumns(line: HeaderLine, columns: readonly string[]): boolean {
  return columns.every((column) => {
    const regex = asRegex(column);
    return regex === undefined
      ? line.compared.has(comparableName(column))
      : line.names.some((name) => regex.test(name));
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
