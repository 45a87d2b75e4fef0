import {
  detectFormat,
  parseFile,
  parseStream,
  StatementParseError,
  type ParseIssue,
  type StatementFormat,
} from '@stmt/parser';
import {
  IssueTally,
  MAX_REPORTED_ISSUES,
  readChunks,
  readHead,
  type CsvProfileOptions,
  type InputTarget,
  type OmittedIssues,
  type ReadOptions,
} from '@stmt/convert';
import { readingThreads } from './threads';

export interface ValidationReport {
  file: string;
  format: string;
  statements: number;
  entries: number;
  /** The first `MAX_REPORTED_ISSUES` of each severity and code. */
  issues: ParseIssue[];
  /** Every issue counted, listed or not. */
  counts: Record<ParseIssue['severity'], number>;
  /** Issues of a severity and code beyond those listed. */
  omitted: OmittedIssues[];
}

/**
 * Reads the whole file collecting every problem the parser can recover from; a fatal one (XML
 * not well formed, unknown message type) ends the run and is reported like the others.
 */
export async function validateFile(
  input: Extract<InputTarget, { kind: 'file' | 'stdin' }>,
  format?: StatementFormat,
  read: ReadOptions & CsvProfileOptions = {},
  strict = false,
): Promise<ValidationReport> {
  const report: ValidationReport = {
    file: input.name,
    format: 'unknown',
    statements: 0,
    entries: 0,
    issues: [],
    counts: { error: 0, warning: 0, note: 0 },
    omitted: [],
  };
  // A file can raise one warning per statement or element, a million times: memory stays bounded.
  const listed = new IssueTally(MAX_REPORTED_ISSUES);
  const add = (issue: ParseIssue): void => {
    report.counts[issue.severity] += 1;
    if (listed.admit(issue)) report.issues.push(issue);
  };
  let head: Buffer | undefined;
  const chunks = async function* (): AsyncGenerator<Buffer> {
    for await (const chunk of readChunks(input)) {
      head ??= chunk;
      yield chunk;
    }
  };
  const options = {
    ...read,
    fileName: input.name,
    ...(format === undefined ? {} : { format }),
    strict,
    // Only entries are counted, so a batch entry's details may stream past in parts.
    streamEntryDetails: true,
    // The parser reports recoverable problems here, unreconciled balances included.
    onIssue: add,
  };
  // A large camt file is read on worker threads too, as `convert` reads it (this thread only counts).
  const onDisk = input.kind === 'file' && input.content === undefined;
  const records = onDisk
    ? parseFile(input.path, { ...options, threads: readingThreads(false) })
    : parseStream(chunks(), options);
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
    add(error.toIssue());
  }
  if (report.statements === 0) {
    // No statement began (a file cut before its first one, or holding none): the format its head reads as.
    if (head === undefined && input.kind === 'file') head = await readHead(input.path);
    const detected = format ?? (head === undefined ? undefined : detectFormat(head));
    if (detected !== undefined) report.format = detected;
    if (report.counts.error === 0) add(noStatement(report, detected, strict));
  }
  report.omitted = listed.omitted();
  return report;
}

/**
 * A file that parses but holds no statement (an OFX without `<STMTRS>`, a camt document without
 * `<Stmt>`, a bank CSV with a header only) converts to nothing: say so, with the format it reads as.
 */
function noStatement(report: ValidationReport, format: StatementFormat | undefined, strict: boolean): ParseIssue {
  return {
    code: 'MISSING_ELEMENT',
    severity: strict ? 'error' : 'warning',
    message: `the file holds no statement${format === undefined ? '' : ` (it reads as ${format})`}, so converting it writes no rows`,
    location: { file: report.file, line: 1, column: 1 },
  };
}

/** `file:line:column: error|warning|note CODE at element/path: message` — the shape editors and grep understand. */
export function formatIssue(file: string, issue: ParseIssue): string {
  const { location } = issue;
  const at = location.path === undefined ? '' : ` at ${location.path}`;
  return `${location.file ?? file}:${location.line}:${location.column}: ${issue.severity} ${issue.code}${at}: ${issue.message}`;
}
