import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge } from '../limits';
import type { SourceLine } from './lines';

/** One SWIFT field: its tag (`61`, `60F`, `NS`), the text of its first line and continuation lines. */
export interface Field {
  tag: string;
  /** First line's content after the tag, then each continuation line. */
  lines: string[];
  /** The line number of each entry of `lines` (blank lines between them are skipped). */
  lineNumbers: number[];
  /** Line of the tag, and 1-based column where the field's content starts. */
  line: number;
  column: number;
}

export type FieldEvent = { kind: 'field'; field: Field } | { kind: 'end-of-message'; line: number };

const TAG = /^:(\d{2}[A-Z]?|NS):/;
/** `-` closes a message; `-}` closes block 4 of a FIN envelope; ING writes `-XXX`. */
const MESSAGE_END = /^-(\s*$|\}|XXX\s*$)/;
const BLOCK4 = '{4:';
/**
 * Lines of bank envelopes between statements: the sender's BIC (`ABNANL2A`) and the message
 * type (`940`, `940 00`). Inside a field they are held until the next line shows whether a new
 * statement (`:20:`) follows, so that without a `-` separator they do not end up in the text
 * of the last `:86:`.
 */
const ENVELOPE_LINE = /^\s*(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|9\d\d(?:\s+\d+)?)\s*$/;
const STATEMENT_START = /^:20:/;

/**
 * Groups lines into fields. Lines outside a message (bank headers such as `ABNANL2A` / `940`,
 * `{1:…}{2:…}` envelopes) are skipped; a field runs until the next tag or message end.
 */
/** A blank line, or one holding only a DOS end-of-file mark (Ctrl-Z). */
const isBlank = (text: string): boolean => text.replaceAll('\u001a', '').trim() === '';
/** A tag cut short, or a tag with nothing after it: `:`, `:6`, `:86`, `:86:`. */
const BARE_TAG = /^:(?:\d{0,2}[A-Z]?|NS?)?:?\s*$/;

/** Why the input may not end where it does, and the line that says so. */
export interface OpenEnd {
  message: string;
  line: number;
}

export class FieldReader {
  private current: Field | undefined;
  /**
   * Where the input stands in a FIN envelope: inside a `{1:…}{2:…}` header whose text block
   * `{4:` has not begun yet, inside block 4 before its `-}`, or outside both. Ending in
   * either of the first two means the file was cut.
   */
  private fin: 'header' | 'text' | undefined;
  private finLine = 0;
  /** First line of text outside any field since the last field or message end: a bank's header (`ABNANL2A`, `940`) before a message. */
  private strayLine: number | undefined;
  private last: SourceLine | undefined;
  /** Characters in the open field, to keep a field of endless continuation lines within `maxFieldSize`. */
  private currentLength = 0;
  /** Envelope-looking lines inside a field, waiting for the next line (see ENVELOPE_LINE). */
  private envelope: SourceLine[] = [];

  constructor(
    private readonly maxFieldSize = DEFAULT_MAX_FIELD_SIZE,
    private readonly fileName?: string,
  ) {}

  accept(source: SourceLine, emit: (event: FieldEvent) => void): void {
    const { text: raw, line } = source;
    this.last = source;
    if (this.current && ENVELOPE_LINE.test(raw)) {
      this.envelope.push(source);
      return;
    }
    if (this.envelope.length > 0) {
      // Before a new statement they were an envelope; otherwise they were the field's text.
      const current = this.current;
      if (!STATEMENT_START.test(raw) && !MESSAGE_END.test(raw) && current)
        for (const held of this.envelope) this.continueField(current, held.text, held.line);
      this.envelope = [];
    }
    let text = raw;
    let offset = 0;
    if (text.startsWith('{')) {
      const block = text.indexOf(BLOCK4);
      if (block < 0) {
        // `{1:…}{2:…}` opens a message whose `{4:` may follow on the next line; `{5:…}` trailers close nothing.
        if (!/^\{[5S]:/.test(text)) this.enterFin('header', line);
        return;
      }
      this.enterFin('text', line);
      offset = block + BLOCK4.length;
      text = text.slice(offset);
      if (text.trim() === '') return;
    }
    const tag = TAG.exec(text);
    if (tag) {
      this.flush(emit);
      this.strayLine = undefined;
      this.current = {
        tag: tag[1] ?? '',
        lines: [text.slice(tag[0].length)],
        lineNumbers: [line],
        line,
        column: offset + tag[0].length + 1,
      };
      this.currentLength = 0;
      this.grow(this.current, text.length);
      return;
    }
    if (MESSAGE_END.test(text)) {
      // Inside a FIN envelope only `-}` ends block 4; a lone `-` there is a cut `-}`.
      if (this.fin !== 'text' || text.startsWith('-}')) this.fin = undefined;
      this.flush(emit);
      emit({ kind: 'end-of-message', line });
      return;
    }
    if (isBlank(text)) return;
    if (this.current) this.continueField(this.current, text, line);
    else this.strayLine ??= line;
  }

  /** Emits the field still open at the end of the input. */
  end(emit: (event: FieldEvent) => void): void {
    this.envelope = [];
    this.flush(emit);
  }

  /**
   * After `end()`: why the input cannot end here, if it cannot — inside a FIN envelope, after
   * the header lines of another message, or (the last line having no line break) right after
   * a tag.
   */
  openEnd(unterminated: boolean): OpenEnd | undefined {
    if (this.fin === 'header')
      return {
        line: this.finLine,
        message: `the file ends inside the header {1:…}{2:… of a message (line ${this.finLine}) before its text block {4:`,
      };
    if (this.fin === 'text')
      return {
        line: this.finLine,
        message: `the file ends inside a message (block {4: opened on line ${this.finLine}) before its end "-}"`,
      };
    // Envelope lines still held at the end began another message that the file does not hold.
    const stray = this.strayLine ?? this.envelope[0]?.line;
    if (stray !== undefined)
      return {
        line: stray,
        message: `the file ends after line ${stray}, which begins another message, before its first field :20:`,
      };
    const last = this.last;
    if (unterminated && last && BARE_TAG.test(last.text))
      return {
        line: last.line,
        message: `the file ends right after the tag ${JSON.stringify(last.text.trim())}, before the field's content`,
      };
    return undefined;
  }

  private continueField(field: Field, text: string, line: number): void {
    field.lines.push(text);
    field.lineNumbers.push(line);
    this.grow(field, text.length);
  }

  private grow(field: Field, length: number): void {
    this.currentLength += length;
    if (this.currentLength > this.maxFieldSize) {
      const at = { line: field.line, column: field.column, path: `:${field.tag}:` };
      throw fieldTooLarge(
        `:${field.tag}:`,
        this.maxFieldSize,
        this.fileName === undefined ? at : { ...at, file: this.fileName },
      );
    }
  }

  private enterFin(state: 'header' | 'text', line: number): void {
    if (this.fin === undefined || state === 'header') this.finLine = line;
    this.fin = state;
  }

  private flush(emit: (event: FieldEvent) => void): void {
    if (this.current) emit({ kind: 'field', field: this.current });
    this.current = undefined;
  }
}
