import { controlCharactersMessage, replaceControlCharacters } from '../control-characters';
import type { IssueSink } from '../issues';
import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge } from '../limits';
import type { SourceLocation } from '../types';
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
/**
 * The tags the statement builder reads, or knowingly passes over (`:21:`, `:NS:`), in SWIFT's
 * spelling. Only these are recognised where a tag is written after blanks or in lower case (see
 * `readTag`): an unknown tag so written stays text.
 */
export const KNOWN_TAGS: ReadonlySet<string> = new Set([
  '13D',
  '20',
  '21',
  '25',
  '28',
  '28C',
  '34F',
  '60F',
  '60M',
  '61',
  '62F',
  '62M',
  '64',
  '65',
  '86',
  '90D',
  '90C',
  'NS',
]);
/** A tag after blanks or a tab, or with its letter in lower case (`:62f:`, `:ns:`). */
const LOOSE_TAG = /^([ \t]*):(\d{2}[A-Za-z]?|[Nn][Ss]):/;

/** A tag at the start of a line: the tag (upper case), the characters up to its content, and how it deviates. */
interface TagAt {
  tag: string;
  length: number;
  /** Blanks and tabs before the tag. */
  indent: string;
  /** The tag as written, when not in capital letters (`62f`). */
  lowerCase?: string;
}

/**
 * The tag `text` begins with: `:61:` as SWIFT writes it (any two digits and letter, known to the
 * builder or not), or a tag the builder knows written after blanks or a tab, or in lower case,
 * which is read as that tag (the caller warns). A line such as ` :61:…` or `:62f:…` holds no text
 * a field could continue with; read as text, it would glue an entry or a balance into the field
 * before it.
 */
function readTag(text: string): TagAt | undefined {
  const strict = TAG.exec(text);
  if (strict) return { tag: strict[1] ?? '', length: strict[0].length, indent: '' };
  const loose = LOOSE_TAG.exec(text);
  const written = loose?.[2];
  if (!loose || written === undefined) return undefined;
  const tag = written.toUpperCase();
  if (!KNOWN_TAGS.has(tag)) return undefined;
  const found: TagAt = { tag, length: loose[0].length, indent: loose[1] ?? '' };
  if (written !== tag) found.lowerCase = written;
  return found;
}
/**
 * `-` closes a message; `-}` closes block 4 of a FIN envelope; ING writes `-XXX`. Padding (NUL,
 * Ctrl-Z) may follow. What follows `-}` on its line is read on (see `afterEnd`).
 */
// eslint-disable-next-line no-control-regex -- padding after the `-` is NUL and Ctrl-Z
const MESSAGE_END = /^-(?:[\s\u0000\u001a]*$|\}|XXX[\s\u0000\u001a]*$)/;
/** Space, tab, carriage return, line feed. */
const BLANKS = new Set([0x20, 0x09, 0x0d, 0x0a]);
/** `text` without the padding at its end, blanks aside: DOS end-of-file marks (Ctrl-Z) or NUL bytes. */
function withoutPadding(text: string): string {
  let end = text.length;
  while (end > 0 && BLANKS.has(text.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && (text.charCodeAt(start - 1) === 0 || text.charCodeAt(start - 1) === 0x1a)) start--;
  return start === end ? text : text.slice(0, start) + text.slice(end);
}
/** A `-` with the next field's tag glued on (`-:20:`): files joined without a line break. */
const GLUED_END = /^-(?=:\d{2}[A-Z]?:)/;
const BLOCK4 = '{4:';
/** `{5:…}` / `{S:…}` trailers close nothing; a header `{1:` may follow them on the same line. */
const TRAILER = /^\{[5S]:/;
/**
 * What may stand between a `-}` and the next message on its line: blanks, control characters
 * (padding, the ETX / SOH that frame messages in some SWIFT files) and the `$` that separates
 * messages in SWIFT RJE files.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it skips
const BETWEEN_MESSAGES = /^[\s\u0000-\u001f$]*/;
/**
 * Lines of bank envelopes between statements: the sender's BIC (`ABNANL2A`) and the message
 * type (`940`, `940 00`). Inside a field they are held until the next line shows whether a new
 * statement (`:20:`) follows, so that without a `-` separator they do not end up in the text
 * of the last `:86:`.
 */
const ENVELOPE_LINE = /^\s*(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|9\d\d(?:\s+\d+)?)\s*$/;
const isStatementStart = (text: string): boolean => readTag(text)?.tag === '20';

/**
 * Groups lines into fields. Lines outside a message (bank headers such as `ABNANL2A` / `940`,
 * `{1:…}{2:…}` envelopes) are skipped; a field runs until the next tag or message end.
 */
/** A blank line, or one holding only padding: DOS end-of-file marks (Ctrl-Z) or NUL bytes. */
// eslint-disable-next-line no-control-regex -- the padding characters are what it drops
const isBlank = (text: string): boolean => text.replace(/[\u0000\u001a]+/g, '').trim() === '';
/** A line that can only go on the open field: not a tag, a message end, an envelope, a FIN block or blank. */
const isFieldText = (text: string): boolean =>
  readTag(text) === undefined &&
  !MESSAGE_END.test(text) &&
  !GLUED_END.test(text) &&
  !ENVELOPE_LINE.test(text) &&
  !text.startsWith('{') &&
  !isBlank(text);

/**
 * Whether line `line` is free text of `field`: information to the account owner (`:86:`), or a
 * statement line's supplementary details (its second line). Other fields end in a known shape,
 * which the statement builder checks when the last line is cut.
 */
const isFreeText = (field: Field, line: number): boolean =>
  field.tag === '86' || (field.tag === '61' && field.lineNumbers.length > 1 && field.lineNumbers[0] !== line);

/** A tag cut short, or a tag with nothing after it: `:`, `:6`, `:86`, `:86:`. */
const BARE_TAG = /^:(?:\d{0,2}[A-Z]?|NS?)?:?\s*$/i;

/** Part of a line, from column `offset + 1`. */
interface Piece {
  text: string;
  offset: number;
}

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
  /**
   * A line holding only `-` inside a field, waiting for the next line: banks that wrap text at a
   * fixed width can leave the `-` of `MND-EV01` alone on a line (ING). Text following it on the
   * next line means it was text; anything else (a tag, a new message, a blank line, the end)
   * means it ended the message.
   */
  private lonelyDash: SourceLine | undefined;
  /** A `-` read as text was added to the field's last line: the next line goes on that line, as the word the `-` broke. */
  private joinNext = false;
  /** An indented tag was reported in this statement (see `looseTag`). */
  private indentWarned = false;
  /** The tags reported in lower case in this statement (see `looseTag`). */
  private readonly lowerCaseWarned = new Set<string>();

  constructor(
    private readonly maxFieldSize = DEFAULT_MAX_FIELD_SIZE,
    private readonly fileName?: string,
    /** Where the deviations found in splitting go (a field glued to a message end); without it they go unreported. */
    private readonly issues?: Pick<IssueSink, 'warning'>,
  ) {}

  accept(source: SourceLine, emit: (event: FieldEvent) => void): void {
    const { text: raw, line } = source;
    if (this.lonelyDash) this.settleDash(isFieldText(raw), emit);
    this.last = source;
    if (this.current && ENVELOPE_LINE.test(raw)) {
      this.envelope.push(source);
      return;
    }
    if (this.envelope.length > 0) {
      // Before a new statement they were an envelope; otherwise they were the field's text.
      const current = this.current;
      if (!isStatementStart(raw) && !MESSAGE_END.test(raw) && !GLUED_END.test(raw) && current)
        for (const held of this.envelope) this.continueField(current, held.text, held.line);
      this.envelope = [];
    }
    // A message end may share its line with what follows it (`-}{1:…}{2:…}{4:`, `-:20:`): each
    // piece is read as a line of its own, at its column.
    let piece: Piece | undefined = { text: raw, offset: 0 };
    while (piece) piece = this.read(piece, line, emit);
  }

  /** Reads one piece of line `line` as if it were a line; answers the piece after a message end in it, if any. */
  private read(piece: Piece, line: number, emit: (event: FieldEvent) => void, hold = true): Piece | undefined {
    let { text, offset } = piece;
    this.last = { text, line };
    if (text.startsWith('{')) {
      const block = text.indexOf(BLOCK4);
      if (block < 0) {
        // `{1:…}{2:…}` opens a message whose `{4:` may follow on the next line; `{5:…}` trailers
        // close nothing, but the next message's header may follow them on their line.
        if (!TRAILER.test(text) || text.includes('{1:')) this.enterFin('header', line);
        return undefined;
      }
      this.enterFin('text', line);
      offset += block + BLOCK4.length;
      text = text.slice(block + BLOCK4.length);
      if (text.trim() === '') return undefined;
    }
    const tag = readTag(text);
    if (tag) {
      const previous = this.current;
      this.flush(emit);
      this.strayLine = undefined;
      this.looseTag(tag, previous, line, offset);
      this.current = {
        tag: tag.tag,
        lines: [this.textOf(text.slice(tag.length), line, offset + tag.length + 1, tag.tag)],
        lineNumbers: [line],
        line,
        column: offset + tag.length + 1,
      };
      this.currentLength = 0;
      this.grow(this.current, text.length);
      return undefined;
    }
    if (hold && this.current && offset === 0 && text.trim() === '-' && isFreeText(this.current, line)) {
      this.lonelyDash = { text, line };
      return undefined;
    }
    const end = MESSAGE_END.exec(text) ?? GLUED_END.exec(text);
    if (end) {
      // Inside a FIN envelope only `-}` ends block 4; a lone `-` there is a cut `-}`.
      if (this.fin !== 'text' || text.startsWith('-}')) this.fin = undefined;
      this.flush(emit);
      emit({ kind: 'end-of-message', line });
      return this.afterEnd(text, offset, end[0].length, line);
    }
    if (isBlank(text)) return undefined;
    if (this.current) this.continueField(this.current, text, line, offset + 1);
    else this.strayLine ??= line;
    return undefined;
  }

  /**
   * Warns about a tag written after blanks or in lower case (see `readTag`), read as the tag:
   * once per statement for the blanks, once per tag and statement for the case, each at the first.
   */
  private looseTag(tag: TagAt, previous: Field | undefined, line: number, offset: number): void {
    if (tag.tag === '20') {
      this.indentWarned = false;
      this.lowerCaseWarned.clear();
    }
    if (tag.indent === '' && tag.lowerCase === undefined) return; // the usual case
    const location: SourceLocation = { line, column: offset + tag.indent.length + 1, path: `:${tag.tag}:` };
    if (this.fileName !== undefined) location.file = this.fileName;
    if (tag.indent !== '' && !this.indentWarned) {
      this.indentWarned = true;
      const blanks = tag.indent.includes('\t') ? 'blanks or tabs' : tag.indent.length === 1 ? 'a blank' : 'blanks';
      const instead = previous ? `, not as text of the :${previous.tag}: on line ${previous.line}` : '';
      this.issues?.warning(
        'INVALID_VALUE',
        `the tag :${tag.tag}: is written after ${blanks}, where SWIFT starts a field at the beginning of the line: read as the start of field :${tag.tag}:${instead}; further tags written so in this statement are read the same way without another warning`,
        location,
      );
    }
    if (tag.lowerCase !== undefined && !this.lowerCaseWarned.has(tag.tag)) {
      this.lowerCaseWarned.add(tag.tag);
      this.issues?.warning(
        'INVALID_VALUE',
        `the tag :${tag.lowerCase}: is not written in capital letters as SWIFT tags are: read as :${tag.tag}:; further ones in this statement are read the same way without another warning`,
        location,
      );
    }
  }

  /**
   * The rest of a line after its message end (`length` characters of `text`, which starts at
   * column `offset + 1`) that is still to be read: after `-}` the next message's `{1:…`/`{4:`
   * (PostFinance writes `-}{1:…}{2:…}{4:`) or a field; after `-` a field (GLUED_END). A field
   * there is read with a warning. Other text after `-}` is left unread.
   */
  private afterEnd(text: string, offset: number, length: number, line: number): Piece | undefined {
    let at = offset + length;
    let rest = text.slice(length);
    if (text.startsWith('-}')) {
      const gap = BETWEEN_MESSAGES.exec(rest)?.[0].length ?? 0;
      at += gap;
      rest = rest.slice(gap);
      if (!rest.startsWith('{') && !TAG.test(rest)) return undefined;
    }
    const tag = TAG.exec(rest);
    if (tag) {
      const location: SourceLocation = { line, column: at + 1, path: tag[0] };
      if (this.fileName !== undefined) location.file = this.fileName;
      this.issues?.warning(
        'INVALID_VALUE',
        `the end-of-message "${text.slice(0, length)}" and the next field ${tag[0]} share a line, as when files are joined without a line break; read as the end of the message followed by ${tag[0]}`,
        location,
      );
    }
    return rest === '' ? undefined : { text: rest, offset: at };
  }

  /** Emits the field still open at the end of the input. */
  end(emit: (event: FieldEvent) => void): void {
    if (this.lonelyDash) this.settleDash(false, emit);
    this.envelope = [];
    this.flush(emit);
  }

  /** The held `-` line (see `lonelyDash`) was text of the open field when `text` follows it, else the message end. */
  private settleDash(text: boolean, emit: (event: FieldEvent) => void): void {
    const dash = this.lonelyDash as SourceLine;
    this.lonelyDash = undefined;
    const current = this.current;
    if (text && current) {
      const location: SourceLocation = { line: dash.line, column: 1, path: `:${current.tag}:` };
      if (this.fileName !== undefined) location.file = this.fileName;
      this.issues?.warning(
        'INVALID_VALUE',
        `a line holding only "-" inside :${current.tag}:, with the field's text going on after it: read as a hyphen the bank's line wrapping put on a line of its own, joining the lines around it, not as the end of the message`,
        location,
      );
      current.lines[current.lines.length - 1] += dash.text.trim();
      this.grow(current, 1);
      this.joinNext = true;
      return;
    }
    this.last = dash;
    this.read({ text: dash.text, offset: 0 }, dash.line, emit, false);
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

  /**
   * After `end()`'s caller has found no `openEnd`: whether the input stops inside free text (a
   * `:86:`, a `:61:`'s supplementary details) on a last line without a line break. Free text gives
   * no sign of its end, and banks end their files with a line break or a message end, so it may
   * have been cut there; but real files also end so (ING's statement information after `:65:`).
   * A statement it cuts before the closing balance is refused anyway (a missing `:62F:`); one
   * complete but for that text loses no row, but statements after it would be missing.
   */
  cutInText(unterminated: boolean): OpenEnd | undefined {
    const last = this.last;
    const current = this.current;
    if (!unterminated || !last || !current || this.lonelyDash !== undefined || !isFreeText(current, last.line))
      return undefined;
    return {
      line: last.line,
      message: `the file ends inside the text of :${current.tag}: (line ${last.line}) without a line break or message end "-": if it was cut there, the statements after it are missing`,
    };
  }

  private continueField(field: Field, given: string, line: number, column = 1): void {
    const text = this.textOf(given, line, column, field.tag);
    if (this.joinNext) {
      this.joinNext = false;
      field.lines[field.lines.length - 1] += text;
      this.grow(field, text.length);
      return;
    }
    field.lines.push(text);
    field.lineNumbers.push(line);
    this.grow(field, text.length);
  }

  /**
   * A field's text on line `line` from `column`, without the padding a DOS end-of-file mark or
   * NUL bytes put at a line's end (as on a line of their own), and with any other control
   * character read as U+FFFD, with a warning.
   */
  private textOf(text: string, line: number, column: number, tag: string): string {
    const unpadded = withoutPadding(text);
    const found = replaceControlCharacters(unpadded);
    if (found === undefined) return unpadded;
    const location: SourceLocation = { line, column: column + found.firstIndex, path: `:${tag}:` };
    if (this.fileName !== undefined) location.file = this.fileName;
    this.issues?.warning('INVALID_VALUE', controlCharactersMessage(found, `in :${tag}:`), location);
    return found.text;
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
    this.joinNext = false;
    if (this.current) emit({ kind: 'field', field: this.current });
    this.current = undefined;
  }
}
