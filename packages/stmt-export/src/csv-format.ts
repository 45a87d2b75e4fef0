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
    // Joined, not concatenated field by field: `+=` leaves a rope node per piece for the collector.
    const lines = new Array<string>(records.length);
    for (let row = 0; row < records.length; row++) lines[row] = this.line(records[row] as readonly string[]);
    return lines.join(this.newline);
  }

  private line(record: readonly string[]): string {
    // Most records need no quoting at all: then they are joined as they are.
    for (let column = 0; column < record.length; column++) {
      const value = record[column];
      if (value === undefined || value === null || this.quoteWhen.test(value))
        return record.map((field) => this.field(field)).join(this.delimiter);
    }
    return record.join(this.delimiter);
  }

  private field(value: string | undefined): string {
    if (value === undefined || value === null || value === '') return '';
    return this.quoteWhen.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
