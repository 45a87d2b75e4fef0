import { parseString, type ParseIssue } from '@stmt/parser';

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
