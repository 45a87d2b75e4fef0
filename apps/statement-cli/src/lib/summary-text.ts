import type { ConversionResult } from './conversion';

/**
 * The dry-run report: what would be written, with exact totals per currency and direction.
 *   file: statement.xml (camt.053)
 *   statements: 2, entries: 5, rows: 5
 *   EUR  CRDT  3 entries  1250.40
 */
export function formatSummary(file: string, result: ConversionResult): string {
  const { summary } = result;
  const lines = [
    `file: ${file} (${result.parser})`,
    `statements: ${summary.statements}, entries: ${summary.entries}, rows: ${result.rows}`,
  ];
  for (const total of summary.totals) {
    lines.push(`${total.currency}  ${total.creditDebit}  ${total.entries} entries  ${total.total.toString()}`);
  }
  return lines.join('\n');
}
