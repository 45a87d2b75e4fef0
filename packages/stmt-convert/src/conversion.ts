import type { Writable } from 'node:stream';
import {
  createBookingDateSorter,
  entryToRows,
  getPreset,
  StatementSummary,
  TransactionIds,
  type CsvPreset,
  type CsvWriter,
  type KeyedText,
  type StatementRow,
} from '@stmt/export';
import type { LedgerWriter } from '@stmt/ledger';
import type { Deduplicator } from '@stmt/merge';
import type { ParseIssue, StatementFormat, StatementRecord } from '@stmt/parser';
import { ENRICH_BATCH_SIZE, leaveRowsAsTheyAre, type RowEnricher } from './enrich';
import { ConvertError } from './errors';
import { openCsvSink, type OutputPlacement } from './output';

export interface ConversionSettings {
  splitBatches: boolean;
  /** Rows in file order as they are parsed (constant memory); otherwise sorted by booking date. */
  streaming: boolean;
  preset: CsvPreset;
  enrich: RowEnricher;
  /** The `camt` command accepts camt messages only. */
  allowedFormats?: readonly StatementFormat[];
  /** The input's name, for the refusal of a format `allowedFormats` leaves out. */
  inputName?: string;
  /** `--merge` / `--since-last`: each booking once across the files (by `transaction_id`). */
  dedup?: Deduplicator<StatementRow>;
  /** `--to hledger|beancount|qif`: rows (and statement balances) go to a journal instead of a CSV writer. */
  ledger?: LedgerWriter;
  /** Where output `-` goes; the process's standard output when not given. */
  standardOutput?: Writable;
  /** Output text a sorted conversion holds in memory before runs go to temporary files; 32 MiB by default. */
  sortMemoryBytes?: number;
}

/** Settings with the defaults filled in: one row per entry, sorted by booking date, the default preset, no categories. */
export function conversionSettings(given: Partial<ConversionSettings> = {}): ConversionSettings {
  return { splitBatches: false, streaming: false, preset: getPreset('default'), enrich: leaveRowsAsTheyAre, ...given };
}

export interface ConversionResult {
  /** Format of the first statement, e.g. `camt.053`; `none` for a file without statements. */
  parser: string;
  summary: StatementSummary;
  rows: number;
  /** Sorted runs the default mode wrote to temporary files (0: the rows fitted in memory). */
  sortRuns: number;
  /** Warnings and notes the parser reported (the first MAX_REPORTED_ISSUES), and how many of each there were. */
  issues?: ReportedIssues;
}

export interface ReportedIssues {
  reported: ParseIssue[];
  warnings: number;
  notes: number;
}

/**
 * Records → rows → enrich → CSV (or journal) text. Without a writer (dry run) rows are still
 * built and enriched, so a dry run exercises everything but the file. Sorted, the rows' text is
 * made as they come and the sort arranges texts (see `ExternalSorter`), not rows.
 */
export async function convertRecords(
  records: AsyncIterable<StatementRecord>,
  writer: CsvWriter | undefined,
  settings: ConversionSettings,
): Promise<ConversionResult> {
  const summary = new StatementSummary();
  let parser = 'none';
  let format = 'none';
  let ids = new TransactionIds();
  let rowCount = 0;
  let pending: StatementRow[] = [];
  const output = rowText(writer, settings);
  // Sorted in bounded memory (runs spilled to temporary files past `sortMemoryBytes`, then merged);
  // the output gets its first row only after the last record parsed. A dry run writes nothing, so it never sorts.
  const sorter =
    !settings.streaming && output !== undefined
      ? createBookingDateSorter(settings.sortMemoryBytes === undefined ? {} : { memoryBytes: settings.sortMemoryBytes })
      : undefined;

  /**
   * Rows go to enrichment and on in batches of the enricher's size, in the order they come: `take`
   * adds a row and tells when the batch is full, and only then is a flush awaited (an `await` per
   * row would cost a promise per row).
   */
  const batchSize = settings.enrich.batchSize ?? ENRICH_BATCH_SIZE;
  const take = (row: StatementRow): boolean => pending.push(row) >= batchSize;
  const flushPending = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    const rows = await settings.enrich(batch);
    rowCount += rows.length;
    if (output === undefined) return;
    if (sorter === undefined) await output.write(output.format(rows));
    else await sorter.add(textsByBookingDate(rows, output));
  };

  const rowOptions = { splitBatches: settings.splitBatches };
  try {
    for await (const record of records) {
      summary.add(record);
      if (record.kind === 'statement-end') settings.ledger?.statement(record.statement);
      if (record.kind === 'statement-start') {
        if (parser === 'none') parser = record.statement.format;
        checkFormat(record.statement.format, settings);
        format = record.statement.format;
        // Occurrence counters are per file: the first statement of a file starts afresh.
        if (record.statement.index === 0) ids = new TransactionIds();
        continue;
      }
      if (record.kind !== 'entry') continue;
      const rows = entryToRows(record.entry, rowOptions);
      for (const row of rows) row.transaction_id = ids.assign(row, format);
      const admitted = settings.dedup === undefined ? rows : rows.filter((row) => settings.dedup?.admit(row));
      for (const row of admitted) if (take(row)) await flushPending();
    }

    // Pending bookings no later statement booked come last (they were held back until the end).
    for (const row of settings.dedup?.finish() ?? []) if (take(row)) await flushPending();
    if (pending.length > 0) await flushPending();
    if (sorter !== undefined) {
      settings.ledger?.statementsRead();
      for await (const text of sorter.sorted()) await output?.write(text);
    }
  } finally {
    await sorter?.dispose();
  }
  return { parser, summary, rows: rowCount, sortRuns: sorter?.spilledRuns ?? 0 };
}

/** Where rows go as text: through the preset to the CSV writer, or to the journal. */
interface RowText {
  format(rows: readonly StatementRow[]): string;
  write(text: string | Uint8Array): Promise<void>;
}

function rowText(writer: CsvWriter | undefined, settings: ConversionSettings): RowText | undefined {
  const { ledger, preset } = settings;
  if (ledger !== undefined)
    return { format: (rows) => ledger.transactions(rows), write: (text) => ledger.writeText(text) };
  if (writer === undefined) return undefined;
  return {
    format: (rows) => writer.format(rows.map((row) => preset.project(row))),
    write: (text) => writer.writeText(text),
  };
}

/** The rows' text for the sort: consecutive rows of one booking date make one text. */
function textsByBookingDate(rows: readonly StatementRow[], output: RowText): KeyedText[] {
  const texts: KeyedText[] = [];
  for (let start = 0; start < rows.length;) {
    const key = (rows[start] as StatementRow).booking_date;
    let end = start + 1;
    while (end < rows.length && (rows[end] as StatementRow).booking_date === key) end++;
    texts.push({ key, text: output.format(rows.slice(start, end)) });
    start = end;
  }
  return texts;
}

function checkFormat(
  format: StatementFormat,
  settings: Pick<ConversionSettings, 'allowedFormats' | 'inputName'>,
): void {
  const allowed = settings.allowedFormats;
  if (allowed === undefined || allowed.includes(format)) return;
  throw new ConvertError(
    'PARSE_FAILED',
    `parse error: ${settings.inputName ?? 'the input'} is ${format}, but this command reads ${allowed.join(', ')} only. Use \`stmt convert\` for other formats.`,
  );
}

/**
 * Records to a CSV at `output` (`-` for standard output) that appears only when complete.
 * `placement` says what the caller knows and does of the output's folder (see `OutputPlacement`).
 */
export async function convertToCsv(
  records: AsyncIterable<StatementRecord>,
  output: string,
  delimiter: string,
  settings: ConversionSettings,
  placement: OutputPlacement = {},
): Promise<ConversionResult> {
  const sink = await openCsvSink(output, settings.preset, delimiter, settings.standardOutput, placement);
  try {
    const result = await convertRecords(records, sink.writer, settings);
    await sink.writer.end();
    await sink.commit();
    return result;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
