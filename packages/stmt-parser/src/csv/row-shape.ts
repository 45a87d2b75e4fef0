import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';
import type { CsvRecord } from './tokenizer';

/**
 * A line that may belong to a trailer below the table (`"Summe Umsätze:";"-55,20 €"` after a
 * blank line): at most half the header's fields, and ended by a line break. A row of the table
 * that lost fields by a stray delimiter lacks one or two, and a last line without a line break
 * may be a row cut short, which stays `TRUNCATED`. It is a trailer only when nothing but such
 * lines follow it to the end of the file; a row of the table after it makes it a broken row.
 */
export function isTrailerLine(record: CsvRecord, width: number): boolean {
  return record.terminated && record.fields.length <= width / 2;
}

export function trailerMessage(trailer: readonly CsvRecord[], width: number): string {
  const start = (trailer[0] as CsvRecord).line;
  const end = (trailer[trailer.length - 1] as CsvRecord).line;
  const most = Math.max(...trailer.map((record) => record.fields.length));
  return `${trailer.length === 1 ? `line ${start}, after a blank line below the table, has` : `lines ${start} to ${end}, after a blank line below the table, have at most`} ${most} of the header's ${width} fields: read as a trailer (totals, a note), not as rows, and left out`;
}

/**
 * A row with fewer fields than the header is refused: at the end of the file it is a row cut
 * off (`TRUNCATED`), elsewhere a broken one. Extra fields are refused unless empty (a trailing
 * delimiter, read with a warning). A last row without a line break may have been cut inside its last value: it is
 * refused when that value is shorter than every value above it in its column shows it should
 * be (see `LastValueShape`), else read with a warning.
 */
export function rowIsWhole(
  record: CsvRecord,
  width: number,
  issues: IssueSink,
  at: (line: number, column: number, path?: string) => SourceLocation,
  shapes: LastValueShape,
): boolean {
  const { fields } = record;
  if (fields.length < width) {
    if (!record.terminated)
      issues.error(
        'TRUNCATED',
        `the file ends in the middle of a row: it has ${fields.length} of the header's ${width} fields; the file is truncated`,
        at(record.line, 1),
      );
    else
      issues.error(
        'INVALID_VALUE',
        `the row has ${fields.length} fields, the header ${width}: expected one value per column`,
        at(record.line, 1),
      );
    return false;
  }
  if (fields.slice(width).some((field) => field !== '')) {
    issues.error(
      'INVALID_VALUE',
      `the row has ${fields.length} fields, the header ${width}: expected one value per column (a value with the delimiter in it must be quoted)`,
      at(record.line, 1),
    );
    return false;
  }
  if (fields.length > width) {
    const extra = cellStart(record, width);
    issues.warning(
      'INVALID_VALUE',
      `the row has ${fields.length} fields, the header ${width}: the ${fields.length - width === 1 ? 'last is' : `last ${fields.length - width} are`} empty (a delimiter at the end of the row) and ignored`,
      at(extra.line, extra.column),
    );
  }
  if (record.terminated) {
    shapes.add(fields);
    return true;
  }
  const cut = shapes.cutShort(fields);
  if (cut !== undefined) {
    const last = fields.length - 1;
    const start = cellStart(record, last);
    issues.error(
      'TRUNCATED',
      `the file ends without a line break inside the row's last value ${JSON.stringify(fields[last])}, which ${cut}: the file is truncated`,
      at(start.line, start.column),
    );
    return false;
  }
  issues.warning(
    'TRUNCATED',
    'the file does not end with a line break after this row: if the file was cut, its last value may be incomplete',
    at(record.line, 1),
  );
  return true;
}

/**
 * What the last value of each row read so far looked like, to tell a last value cut off by the
 * end of the file (no line break after it) from a whole one: only a row's last value can be cut
 * so. It is cut when every row's last value above it, in the same column, was a number with the
 * same count of decimals and it has fewer (`-40.00` cut to `-4`). Anything else cannot be told
 * from the text: an empty last value may be a cut just after a delimiter or a value the row does
 * not have (a pending Revolut row has no balance), so the row is read with a warning (a value the
 * row needs is refused as missing). One number checked per row, whatever the row's width.
 */
export class LastValueShape {
  /** The decimals every row's last value had (a number), or -1 once they differed, one was not a number, or rows ended in different columns. */
  private decimals: number | undefined;
  private column = -1;

  add(fields: readonly string[]): void {
    const column = fields.length - 1;
    const value = (fields[column] as string).trim();
    // An empty value (a pending row's balance) counts neither for nor against the shape.
    if (value === '' && (this.column < 0 || this.column === column)) {
      this.column = column;
      return;
    }
    const places = decimalsOf(value);
    if (this.decimals === undefined) {
      this.decimals = places;
      this.column = column;
    } else if (places !== this.decimals || column !== this.column) this.decimals = -1;
  }

  /** Why the last value of `fields` (a row without a line break after it) was cut off, or undefined when it may be whole. */
  cutShort(fields: readonly string[]): string | undefined {
    const places = this.decimals ?? -1;
    if (places <= 0 || fields.length - 1 !== this.column) return undefined;
    const found = decimalsOf((fields[this.column] as string).trim());
    return found >= 0 && found < places
      ? `has ${found === 0 ? 'no' : found} decimal${found === 1 ? '' : 's'}, while every amount above it has ${places}`
      : undefined;
  }
}

/**
 * Digits after the decimal mark of a number (`-40.00` 2, `1.234,5` 1, `-4` 0), or -1 when the
 * value is not a number. A mark written more than once (`1.234.567`) groups thousands.
 */
function decimalsOf(value: string): number {
  if (!/^[-+(]?[\d.,' ]*\d\)?$/.test(value)) return -1;
  const mark = Math.max(value.lastIndexOf('.'), value.lastIndexOf(','));
  if (mark < 0 || value.indexOf(value[mark] as string) < mark) return 0;
  return value.length - mark - 1 - (value.endsWith(')') ? 1 : 0);
}

/** Where field `index` of a record begins (quoted fields and line breaks in them counted); the record's start for an unknown column. */
export function cellStart(record: CsvRecord, index: number): { line: number; column: number } {
  const line = record.starts[2 * index];
  const column = record.starts[2 * index + 1];
  return line === undefined || column === undefined ? { line: record.line, column: 1 } : { line, column };
}
