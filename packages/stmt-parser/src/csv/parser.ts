import { detectEncoding } from '../encoding';
import { IssueSink } from '../issues';
import { peekSource } from '../source';
import type { ParseOptions, SourceLocation, StatementFormat, StatementRecord } from '../types';
import type { FormatParser } from '../formats';
import type { BankCsvPreset, CsvRow } from './preset';
import { readCsvRecords } from './rows';
import { CsvStatementBuilder } from './statement-builder';

/** Recognises a preset's export by its exact header line. */
export function sniffCsv(preset: BankCsvPreset, head: string): StatementFormat | undefined {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return firstLine.trim() === preset.header.join(preset.delimiter) ? preset.format : undefined;
}

/** A streaming parser for one bank's CSV export, driven by its preset. */
export function bankCsvParser(preset: BankCsvPreset): FormatParser {
  return {
    format: preset.format,
    sniff: (head) => sniffCsv(preset, head),
    parse: (source, options) => parseBankCsv(preset, source, options),
  };
}

async function* parseBankCsv(preset: BankCsvPreset, source: AsyncIterable<Buffer>, options: ParseOptions): AsyncGenerator<StatementRecord> {
  const issues = new IssueSink(options);
  const builder = new CsvStatementBuilder(preset.format, issues);
  const peeked = await peekSource(source, 4);
  const detected = detectEncoding(peeked.head);
  const encoding = options.encoding ?? (detected.source === 'default' ? (preset.encoding ?? detected.encoding) : detected.encoding);
  const at = (line: number, column: number, path?: string): SourceLocation => {
    const location: SourceLocation = path === undefined ? { line, column } : { line, column, path };
    if (options.fileName !== undefined) location.file = options.fileName;
    return location;
  };

  let columns: string[] | undefined;
  let above = 0;
  for await (const record of readCsvRecords(peeked.chunks, encoding, preset.delimiter)) {
    if (!columns) {
      if (preset.isHeader?.(record.fields) === false) {
        above++; // a line above the table (account summary)
        continue;
      }
      columns = record.fields.map((name) => name.trim());
      const missing = preset.header.filter((name) => !columns?.includes(name));
      if (missing.length > 0) {
        issues.error('MISSING_ELEMENT', `the ${preset.bank} export lacks the column(s) ${missing.join(', ')}; expected the header ${preset.header.join(preset.delimiter)}`, at(record.line, 1, 'header'));
      }
      continue;
    }
    const row: Record<string, string> = {};
    columns.forEach((name, i) => (row[name] = record.fields[i] ?? ''));
    const result = preset.readRow(row as CsvRow);
    if (result.kind === 'skip') continue;
    if (result.kind === 'problem') {
      const index = columns.indexOf(result.problem.column);
      issues.error(result.problem.code, result.problem.message, at(record.line, columnOf(record.fields, index, preset.delimiter), result.problem.column));
      continue;
    }
    for (const out of builder.entry(result.draft, at(record.line, 1))) yield out;
  }
  for (const out of builder.finish()) yield out;
  if (!columns && above > 0) issues.error('MISSING_ELEMENT', `no line of the file is the ${preset.bank} header: expected the columns ${preset.header.join(', ')}`, at(1, 1, 'header'));
  else if (!columns) issues.error('MISSING_ELEMENT', `the file is empty; expected the ${preset.bank} header ${preset.header.join(preset.delimiter)}`, at(1, 1, 'header'));
}

/** 1-based column where field `index` starts, assuming unquoted fields (what banks write). */
function columnOf(fields: readonly string[], index: number, delimiter: string): number {
  let column = 1;
  for (let i = 0; i < index; i++) column += (fields[i] ?? '').length + delimiter.length;
  return column;
}
