import { parseStream, StatementParseError, type ParseIssue, type StatementFormat } from '@stmt/parser';
import { readChunks, type InputTarget } from './input';
import type { ReadOptions } from './read-options';

export interface ValidationReport {
  file: string;
  format: string;
  statements: number;
  entries: number;
  issues: ParseIssue[];
}

/**
 * Reads the whole file collecting every problem the parser can recover from; a fatal one (XML
 * not well formed, unknown message type) ends the run and is reported like the others.
 */
export async function validateFile(input: Extract<InputTarget, { kind: 'file' | 'stdin' }>, format?: StatementFormat, read: ReadOptions = {}, strict = false): Promise<ValidationReport> {
  const report: ValidationReport = { file: input.name, format: 'unknown', statements: 0, entries: 0, issues: [] };
  const records = parseStream(readChunks(input), {
    ...read,
    fileName: input.name,
    ...(format === undefined ? {} : { format }),
    strict,
    // Only entries are counted, so a batch entry's details may stream past in parts.
    streamEntryDetails: true,
    // The parser reports recoverable problems here, unreconciled balances included.
    onIssue: (issue) => report.issues.push(issue),
  });
  try {
    for await (const record of records) {
      if (record.kind === 'statement-start') {
        if (report.statements === 0) report.format = record.statement.format;
        report.statements += 1;
      } else if (record.kind === 'entry' && (record.entry.detailsPart?.index ?? 0) === 0) {
        report.entries += 1;
      }
    }
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    report.issues.push(error.toIssue());
  }
  return report;
}

/** `file:line:column: error|warning|note CODE at element/path: message` — the shape editors and grep understand. */
export function formatIssue(file: string, issue: ParseIssue): string {
  const { location } = issue;
  const at = location.path === undefined ? '' : ` at ${location.path}`;
  return `${location.file ?? file}:${location.line}:${location.column}: ${issue.severity} ${issue.code}${at}: ${issue.message}`;
}
