import type { SourceLine } from './lines';

/** One SWIFT field: its tag (`61`, `60F`, `NS`), the text of its first line and continuation lines. */
export interface Field {
  tag: string;
  /** First line's content after the tag, then each continuation line. */
  lines: string[];
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
export class FieldReader {
  private current: Field | undefined;
  /** Envelope-looking lines inside a field, waiting for the next line (see ENVELOPE_LINE). */
  private envelope: string[] = [];

  accept({ text: raw, line }: SourceLine, emit: (event: FieldEvent) => void): void {
    if (this.current && ENVELOPE_LINE.test(raw)) {
      this.envelope.push(raw);
      return;
    }
    if (this.envelope.length > 0) {
      // Before a new statement they were an envelope; otherwise they were the field's text.
      if (!STATEMENT_START.test(raw) && !MESSAGE_END.test(raw) && this.current) this.current.lines.push(...this.envelope);
      this.envelope = [];
    }
    let text = raw;
    let offset = 0;
    if (text.startsWith('{')) {
      const block = text.indexOf(BLOCK4);
      if (block < 0) return;
      offset = block + BLOCK4.length;
      text = text.slice(offset);
      if (text.trim() === '') return;
    }
    const tag = TAG.exec(text);
    if (tag) {
      this.flush(emit);
      this.current = { tag: tag[1] ?? '', lines: [text.slice(tag[0].length)], line, column: offset + tag[0].length + 1 };
      return;
    }
    if (MESSAGE_END.test(text)) {
      this.flush(emit);
      emit({ kind: 'end-of-message', line });
      return;
    }
    if (this.current && text.trim() !== '') this.current.lines.push(text);
  }

  /** Emits the field still open at the end of the input. */
  end(emit: (event: FieldEvent) => void): void {
    this.envelope = [];
    this.flush(emit);
  }

  private flush(emit: (event: FieldEvent) => void): void {
    if (this.current) emit({ kind: 'field', field: this.current });
    this.current = undefined;
  }
}
