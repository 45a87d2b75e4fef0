import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge } from '../limits';
import { guessingLineDecoder, type LineDecoder } from './line-decoder';

/** One physical line of a text file, without its line terminator. */
export interface SourceLine {
  text: string;
  /** 1-based line number. */
  line: number;
}

const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Splits a byte stream into lines (LF, CRLF or lone CR) without holding more than one line
 * in memory. Splitting on bytes, before decoding, means a multi-byte character cut by a chunk
 * boundary is always reassembled.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private lineNumber = 0;
  private first = true;
  private lastWasCr = false;

  constructor(
    private readonly decode: LineDecoder = guessingLineDecoder(Buffer.alloc(0), () => undefined),
    private readonly maxLineBytes = DEFAULT_MAX_FIELD_SIZE,
    private readonly fileName?: string,
  ) {}

  /** The lines that `chunk` completes. */
  write(chunk: Buffer): SourceLine[] {
    const lines: SourceLine[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      if (byte === LF && this.lastWasCr && i === start && this.pendingLength === 0) {
        // Second half of a CRLF whose CR ended the previous line (possibly in the previous chunk).
        this.lastWasCr = false;
        start = i + 1;
        continue;
      }
      lines.push(this.emit(this.take(chunk, start, i)));
      this.lastWasCr = byte === CR;
      start = i + 1;
    }
    if (start < chunk.length) {
      this.lastWasCr = false;
      const rest = Buffer.from(chunk.subarray(start));
      this.pending.push(rest);
      this.pendingLength += rest.length;
      if (this.pendingLength > this.maxLineBytes) {
        const at = { line: this.lineNumber + 1, column: 1 };
        throw fieldTooLarge(
          `line ${at.line}`,
          this.maxLineBytes,
          this.fileName === undefined ? at : { ...at, file: this.fileName },
        );
      }
    }
    return lines;
  }

  /** The last line, when the input does not end with a line break. */
  end(): SourceLine[] {
    this.unterminated = this.pendingLength > 0;
    return this.unterminated ? [this.emit(this.take(Buffer.alloc(0), 0, 0))] : [];
  }

  /** After `end()`: the input's last line had no line break (a file cut mid-line looks like this). */
  unterminated = false;

  /** Lines emitted so far. */
  get lineCount(): number {
    return this.lineNumber;
  }

  private take(chunk: Buffer, start: number, end: number): Buffer {
    const tail = chunk.subarray(start, end);
    const bytes =
      this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail], this.pendingLength + tail.length);
    this.pending = [];
    this.pendingLength = 0;
    return bytes;
  }

  private emit(bytes: Buffer): SourceLine {
    let body = bytes;
    if (this.first) {
      this.first = false;
      if (body.subarray(0, 3).equals(UTF8_BOM)) body = body.subarray(3);
    }
    this.lineNumber += 1;
    return { text: this.decode(body, this.lineNumber), line: this.lineNumber };
  }
}
