import { StatementParseError } from '../errors';
import { fieldTooLarge } from '../limits';
import type { SourceLocation } from '../types';

/** One CSV record with the 1-based line it starts on. */
export interface CsvRecord {
  fields: string[];
  line: number;
  /** False for a last record the input ended without a line break after. */
  terminated: boolean;
  /**
   * Where each field begins (its opening quote, if quoted), for messages about a cell: field `i`
   * at line `starts[2 * i]`, column `starts[2 * i + 1]` (numbers, not an object per field).
   */
  starts: number[];
  /** Set by `readCsvRecords` on a record that follows a blank line (which it does not yield). */
  afterBlank?: boolean;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * An RFC 4180 tokenizer fed text in chunks of any size. Each character is looked at once,
 * whatever the chunking: a field cut by a chunk boundary is kept as pieces and joined once,
 * so a 50 MiB line fed byte by byte costs what it costs in one piece (`work` counts the
 * characters looked at, for the test that proves it). A quoted field left open at the end of
 * the input is a `TRUNCATED` error; a field longer than `maxFieldSize` a `LIMIT_EXCEEDED` one.
 */
export class CsvTokenizer {
  /** Characters examined so far. */
  work = 0;
  /** Header names, once known, to name a field in errors. */
  names: readonly string[] | undefined;
  /** Receives deviations read the tolerant way (a closing quote followed by more text on its line). */
  onWarning: ((message: string, location: SourceLocation) => void) | undefined;
  private fields: string[] = [];
  private starts: number[] = [];
  private pieces: string[] = [];
  private pieceLength = 0;
  private quoted = false;
  /** In a quoted field, a `"` was the last character: either an escaped `""` or the closing quote. */
  private quoteEnds = false;
  /** The current field began (its first character was seen); distinguishes `a,` from `a`. */
  private fieldStarted = false;
  private afterCr = false;
  private line = 1;
  private column = 1;
  private recordLine = 1;
  private fieldLine = 1;
  private fieldColumn = 1;
  /** Where the quote that may close the current quoted field stands. */
  private quoteLine = 1;
  private quoteColumn = 1;
  private readonly delimiter: number;

  constructor(
    delimiter: string,
    private readonly maxFieldSize: number,
    private readonly fileName: string | undefined,
  ) {
    if (delimiter.length !== 1) throw new Error(`a CSV delimiter is one character, not ${JSON.stringify(delimiter)}`);
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Where the text fed so far ends. */
  get position(): SourceLocation {
    return this.at(this.line, this.column);
  }

  /** Records that `text` completes. */
  write(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let start = 0; // where the part of the current field not yet kept begins in `text`
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      this.work++;
      if (this.afterCr) {
        this.afterCr = false;
        if (c === LF) {
          start = i + 1;
          continue;
        }
      }
      if (this.quoted) {
        if (!this.quoteEnds) {
          if (c === QUOTE) {
            this.save(text, start, i);
            start = i + 1;
            this.quoteEnds = true;
            this.quoteLine = this.line;
            this.quoteColumn = this.column;
          }
          this.advance(c);
          continue;
        }
        // The character after a quote inside a quoted field: `""` is one quote, else the field's quotes are closed.
        this.quoteEnds = false;
        if (c === QUOTE) {
          this.push('"');
          start = i + 1;
          this.column++;
          continue;
        }
        this.quoted = false;
        if (c !== this.delimiter && c !== LF && c !== CR) this.strayAfterQuote(text.charAt(i));
      }
      if (!this.fieldStarted) {
        this.beginField();
        if (c === QUOTE) {
          this.quoted = true;
          start = i + 1;
          this.column++;
          continue;
        }
      }
      if (c === this.delimiter) {
        this.save(text, start, i);
        this.endField();
        start = i + 1;
        this.column++;
      } else if (c === LF || c === CR) {
        this.save(text, start, i);
        records.push(this.endRecord(true));
        this.afterCr = c === CR;
        start = i + 1;
        this.line++;
        this.column = 1;
      } else {
        this.column++;
      }
    }
    this.save(text, start, text.length);
    return records;
  }

  /** The last record, if the input did not end with a line break; an open quoted field is truncation. */
  end(): CsvRecord[] {
    if (this.quoted && !this.quoteEnds) {
      throw new StatementParseError(
        'TRUNCATED',
        'the file ends inside a quoted field that begins here: expected its closing quote (") and the rest of the row; the file is truncated',
        { location: this.at(this.fieldLine, this.fieldColumn) },
      );
    }
    if (!this.fieldStarted && this.fields.length === 0) return [];
    return [this.endRecord(false)];
  }

  /**
   * A closing quote must be followed by the delimiter or a line break. When it is not, and the
   * quoted field ran over a line break to get there, the field's opening quote was never closed:
   * the quote found is the first of a later field, and every field after it would be misread, so
   * that is an error at the opening quote. On one line (`"Café" de Flore`) the text after the
   * quote is read as part of the value, with a warning.
   */
  private strayAfterQuote(next: string): void {
    const found = `the quote on line ${this.quoteLine}, column ${this.quoteColumn} is followed by ${JSON.stringify(next)} (a closing quote is followed by the delimiter or a line break)`;
    const location = this.at(this.fieldLine, this.fieldColumn);
    if (this.quoteLine !== this.fieldLine)
      throw new StatementParseError(
        'INVALID_VALUE',
        `the quoted field that begins here is not closed: ${found}, so it is the first quote of a later field; expected a closing quote (") at the end of this value (a quote inside a value is written "")`,
        { location },
      );
    this.onWarning?.(
      `${found}; the text after it is read as part of the value (a quote inside a value is written "")`,
      location,
    );
  }

  private beginField(): void {
    this.fieldStarted = true;
    this.fieldLine = this.line;
    this.fieldColumn = this.column;
    if (this.fields.length === 0) this.recordLine = this.line;
  }

  private advance(c: number): void {
    if (c === LF) {
      this.line++;
      this.column = 1;
    } else {
      this.column++;
    }
  }

  /** Keeps `text[from, to)` as part of the current field. */
  private save(text: string, from: number, to: number): void {
    if (to > from) this.push(text.slice(from, to));
  }

  private push(piece: string): void {
    this.pieces.push(piece);
    this.pieceLength += piece.length;
    if (this.pieceLength > this.maxFieldSize) {
      const name = this.names?.[this.fields.length];
      throw fieldTooLarge(
        name === undefined ? `field ${this.fields.length + 1}` : `column ${JSON.stringify(name)}`,
        this.maxFieldSize,
        this.at(this.fieldLine, this.fieldColumn),
      );
    }
  }

  private endField(): void {
    if (this.fieldStarted) this.starts.push(this.fieldLine, this.fieldColumn);
    else this.starts.push(this.line, this.column);
    this.fields.push(this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join(''));
    this.pieces = [];
    this.pieceLength = 0;
    this.fieldStarted = false;
    this.quoted = false;
    this.quoteEnds = false;
  }

  private endRecord(terminated: boolean): CsvRecord {
    this.endField();
    const record = { fields: this.fields, line: this.recordLine, terminated, starts: this.starts };
    this.fields = [];
    this.starts = [];
    return record;
  }

  private at(line: number, column: number): SourceLocation {
    return this.fileName === undefined ? { line, column } : { file: this.fileName, line, column };
  }
}
