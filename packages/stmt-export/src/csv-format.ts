import { replaceBounded } from '@stmt/parser';

/**
 * CSV text for records, exactly as papaparse's `unparse` writes arrays of strings (with
 * `quotes: false`): a field is quoted when it holds a quote (doubled inside), a line break, a
 * byte-order mark or the delimiter, or starts or ends with a space; records are separated by
 * `newline`. Written out here because `unparse` is generic — per field it converts, escapes
 * and scans several times — and this runs for every field of files with millions of rows;
 * csv-format.test.ts holds it to papaparse's output.
 */
export class CsvFormat {
  readonly delimiter: string;
  private readonly quoteWhen: RegExp;

  constructor(
    delimiter: string,
    private readonly newline: string,
  ) {
    // papaparse ignores a delimiter holding a character that cannot separate fields.
    this.delimiter = /["\r\n\ufeff]/.test(delimiter) ? ',' : delimiter;
    this.quoteWhen = new RegExp(`["\\r\\n\\ufeff]|${escapeRegExp(this.delimiter)}|^ | $`);
  }

  /**
   * The records, separated by the newline, and `end` after the last (the writer ends each batch
   * with the newline: appended here, not to the returned text, it costs no second copy of it).
   */
  format(records: readonly (readonly string[])[], end = ''): string {
    // Fields and separators are joined once for the whole batch: a string per record, or `+=`
    // per field (a rope node each), would be garbage as large as the text itself. The parts
    // array is made at its final length, not grown by pushes (each growth copies it).
    let size = end === '' ? 0 : 1;
    for (let row = 0; row < records.length; row++) size += 2 * (records[row] as readonly string[]).length;
    const parts = new Array<string>(size);
    let at = 0;
    for (let row = 0; row < records.length; row++) {
      if (row > 0) parts[at++] = this.newline;
      const record = records[row] as readonly string[];
      const quote = this.needsQuoting(record);
      for (let column = 0; column < record.length; column++) {
        if (column > 0) parts[at++] = this.delimiter;
        const value = record[column];
        parts[at++] = quote ? this.field(value) : (value as string);
      }
    }
    if (end !== '') parts[at++] = end;
    // The slot left over (a record has one delimiter less than fields) is a hole: it joins as nothing.
    return parts.join('');
  }

  /** Whether any field of the record is missing or must be quoted (most records: none). */
  private needsQuoting(record: readonly string[]): boolean {
    for (let column = 0; column < record.length; column++) {
      const value = record[column];
      if (value === undefined || value === null || this.quoteWhen.test(value)) return true;
    }
    return false;
  }

  private field(value: string | undefined): string {
    if (value === undefined || value === null || value === '') return '';
    return this.quoteWhen.test(value) ? `"${replaceBounded(value, /"/g, '""')}"` : value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
