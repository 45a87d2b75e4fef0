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

  /** The records, separated by the newline (none after the last). */
  format(records: readonly (readonly string[])[]): string {
    // Fields and separators are joined once for the whole batch: a string per record, or `+=`
    // per field (a rope node each), would be garbage as large as the text itself.
    const parts: string[] = [];
    for (let row = 0; row < records.length; row++) {
      if (row > 0) parts.push(this.newline);
      const record = records[row] as readonly string[];
      const quote = this.needsQuoting(record);
      for (let column = 0; column < record.length; column++) {
        if (column > 0) parts.push(this.delimiter);
        const value = record[column];
        parts.push(quote ? this.field(value) : (value as string));
      }
    }
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
    return this.quoteWhen.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
