import { CategoryTally, type ConversionResult, type MergeResult } from '@stmt/convert';

/**
 * The dry-run report: what would be written, with exact totals per currency and direction and,
 * when categorising, how many rows each category and each tier got.
 *   file: statement.xml (camt.053)
 *   statements: 2, entries: 5, rows: 5
 *   EUR  CRDT  3 entries  1250.40
 *   categories: Groceries 3, Salary 1, Uncategorized 1
 *   tiers: mapping 3, rule 1, fallback 1
 */
export function formatSummary(file: string, result: ConversionResult, tally?: CategoryTally): string {
  const { summary } = result;
  const lines = [
    `file: ${file} (${result.parser})`,
    `statements: ${summary.statements}, entries: ${summary.entries}, rows: ${result.rows}`,
  ];
  for (const total of summary.totals) {
    lines.push(`${total.currency}  ${total.creditDebit}  ${total.entries} entries  ${total.total.toString()}`);
  }
  if (tally !== undefined && !tally.empty) lines.push(formatTally(tally));
  const issues = result.issues;
  if (issues !== undefined && issues.warnings > 0)
    lines.push(
      `warnings: ${issues.warnings} (logged with file, line, column and element; \`stmt validate\` lists them all)`,
    );
  return lines.join('\n');
}

export function formatTally(tally: CategoryTally): string {
  const list = (counts: [string, number][]): string => counts.map(([name, count]) => `${name} ${count}`).join(', ');
  return `categories: ${list(CategoryTally.ranked(tally.categories))}\ntiers: ${list(CategoryTally.ranked(tally.tiers))}`;
}

/**
 * What `convert --merge` prints: the counts, and in a dry run every dropped row with its reason
 * (bounded); with `json`, one JSON object (with `output` when a file was written).
 */
export function formatMergeSummary(result: MergeResult, dryRun: boolean, json: boolean, output?: string): string {
  if (json) {
    return JSON.stringify({
      ...(dryRun || output === undefined ? {} : { output }),
      files: result.files,
      skipped: result.skipped,
      parser: result.parser,
      rows: result.rows,
      ...result.summary.toJSON(),
      ...result.report.toJSON(),
    });
  }
  const { counts } = result.report;
  const lines = [
    `${dryRun ? 'Would merge' : 'Merged'} ${result.files.length} file(s)${result.skipped.length > 0 ? ` (skipped ${result.skipped.length} unrecognised)` : ''}: ` +
      `${result.rows} row(s) ${dryRun ? 'to write' : 'written'}, ${result.report.total} dropped ` +
      `(duplicate ${counts.duplicate}, pending booked later ${counts['pending-superseded']}, written earlier ${counts['written-earlier']}).`,
  ];
  if (dryRun) lines.push(...result.report.lines());
  return lines.join('\n');
}
