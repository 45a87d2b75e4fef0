import { parseString, type Entry, type ParseIssue } from '@stmt/parser';

/** An issue as severity, code, line, column and element path: what a test compares. */
export const brief = (issue: ParseIssue): [string, string, number, number, string | undefined] => [
  issue.severity,
  issue.code,
  issue.location.line,
  issue.location.column,
  issue.location.path,
];

/** What conversion does: no issue collector, so the first error refuses the file. Answers that error, if any. */
export async function conversionError(input: string | Buffer, fileName: string): Promise<unknown> {
  try {
    for await (const _ of parseString(input, { fileName })) {
      // drain
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The entries and issues of `text` read as `x.csv` (any format it sniffs as), `strict` as given. */
export async function readCsvText(text: string, strict = false): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  for await (const record of parseString(text, { fileName: 'x.csv', strict, onIssue: (i) => issues.push(i) }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}
