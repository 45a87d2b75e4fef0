import {
  parseStream,
  StatementParseError,
  type ParseIssue,
  type ParseOptions,
  type StatementRecord,
} from '@stmt/parser';
import type { Mutant } from '@fin/test-utils';

/** How one parse ended: its records and issues, the parse error, or anything else that escaped. */
export interface Run {
  records: StatementRecord[];
  issues: ParseIssue[];
  error: StatementParseError | undefined;
  crash: unknown;
  /** Issues were collected (as `validate` does); without, warnings are not seen. */
  collected: boolean;
}

/** `bytes` in chunks of the given sizes, cycling through them. */
export async function* chunks(bytes: Buffer, sizes: readonly number[]): AsyncIterable<Buffer> {
  let i = 0;
  for (let at = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/**
 * Parses as `validate` does (issues collected) or as `convert` does (the first error thrown).
 * Chunk sizes are scaled up for large inputs so a 2 MiB mutant is not fed byte by byte.
 */
export async function run(
  bytes: Buffer,
  sizes: readonly number[],
  collectIssues: boolean,
  options: ParseOptions = {},
): Promise<Run> {
  const scale = bytes.length > 64 * 1024 ? 64 : 1;
  const result: Run = { records: [], issues: [], error: undefined, crash: undefined, collected: collectIssues };
  try {
    const parse = parseStream(
      chunks(
        bytes,
        sizes.map((s) => s * scale),
      ),
      {
        fileName: 'fuzz',
        ...options,
        ...(collectIssues ? { onIssue: (issue: ParseIssue) => result.issues.push(issue) } : {}),
      },
    );
    for await (const record of parse) result.records.push(record);
  } catch (error) {
    if (error instanceof StatementParseError) result.error = error;
    else result.crash = error;
  }
  return result;
}

/** A run took the file: no parse error and no error-severity issue. */
export function accepted(result: Run): boolean {
  return !result.error && !result.crash && result.issues.every((issue) => issue.severity !== 'error');
}

/** Per statement: its entries and booked balances, without locations, as JSON — what a CSV and its summary are made of. */
export function statements(result: Run): string[] {
  const strip = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'location' ? undefined : v)));
  const out: string[] = [];
  let entries: unknown[] = [];
  for (const record of result.records) {
    if (record.kind === 'entry') entries.push(strip(record.entry));
    if (record.kind !== 'statement-end') continue;
    const balances = record.statement.balances
      .filter((b) => ['OPBD', 'CLBD', 'ITBD', 'PRCD'].includes(b.type))
      .map(strip);
    out.push(JSON.stringify({ entries, balances }));
    entries = [];
  }
  return out;
}

/**
 * The cut file's data are the original's: all of it or, for line-based formats (`linePrefix`),
 * its first entries. A bare MT940 export (no `-` or FIN envelope) cut between two statements,
 * or a CSV cut after a row, is a complete file of fewer entries, which nothing in those formats
 * can tell apart from a whole one.
 */
function sameData(result: Run, original: Run, linePrefix: boolean): boolean {
  const cut = statements(result);
  const whole = statements(original);
  if (cut.length === whole.length && cut.every((statement, i) => statement === whole[i])) return true;
  if (!linePrefix) return false;
  const entries = (run: Run): string[] =>
    run.records.flatMap((r) => (r.kind === 'entry' ? [JSON.stringify({ ...r.entry, location: undefined })] : []));
  const cutEntries = entries(result);
  const wholeEntries = entries(original);
  return (
    cut.length <= whole.length &&
    cutEntries.length <= wholeEntries.length &&
    cutEntries.every((entry, i) => entry === wholeEntries[i])
  );
}

/**
 * What is wrong with how a mutant was handled, or `undefined`: anything but a parse error
 * escaping; a parse error or error issue without a place; a cut file taken for whole (unless a
 * `TRUNCATED` warning says it may be cut, or its data are exactly the original's).
 */
export function problem(
  mutant: Mutant,
  result: Run,
  original: Run | undefined,
  linePrefix = false,
): string | undefined {
  if (result.crash !== undefined)
    return `crashed: ${result.crash instanceof Error ? result.crash.stack : JSON.stringify(result.crash)}`;
  const located = (at: { line: number; column: number } | undefined): boolean =>
    at !== undefined && at.line >= 1 && at.column >= 1;
  if (result.error && !located(result.error.location)) return `parse error without a place: ${result.error.message}`;
  const unplaced = result.issues.find((issue) => issue.severity === 'error' && !located(issue.location));
  if (unplaced) return `issue without a place: ${unplaced.code} ${unplaced.message}`;
  // Whether a cut file was taken for whole is judged where warnings are seen, as `validate` and `convert` see them.
  if (!mutant.truncated || !result.collected || !original || !accepted(original) || !accepted(result)) return undefined;
  if (result.issues.some((issue) => issue.code === 'TRUNCATED')) return undefined;
  if (!sameData(result, original, linePrefix))
    return `a file cut to ${mutant.bytes.length} bytes was accepted with different data`;
  return undefined;
}
