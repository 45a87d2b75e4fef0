import { SaxesParser, type SaxesAttributePlain, type SaxesTagPlain } from 'saxes';
import type { DocumentHandler } from './document-handler';
import { startTagsXml, type OpenTag } from './sax-parser';

/** Thrown inside tokenizer callbacks to leave the fragment at the last entry boundary. */
export class Stop extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Longest tag name, attribute name or attribute value a fragment reads (or `maxFieldSize`, if
 * less). The document reader holds them to `maxFieldSize`; longer ones are left to it, and it
 * reports them as it always does.
 */
const MAX_MARKUP_CHARS = 4096;

/** Characters a fragment stops at, to leave them to the document reader: see `FragmentTokenizer.write`. */
const STOP_CHARACTER = /[\r\u0080-\u009f]/;

/** Where the tokenizer stands in the fragment's text, counted as sax counts for `line` and `column`. */
export interface FragmentPosition {
  /** Characters (UTF-16 code units) from the fragment's start. */
  chars: number;
  /** Newlines from the fragment's start. */
  lines: number;
  /** Characters after the last newline, or from the fragment's start when there was none. */
  column: number;
}

/** The handler properties `SaxesParser.on()` sets. */
interface SaxesHandlers {
  openTagStartHandler: (tag: SaxesTagPlain) => void;
  attributeHandler: (attribute: SaxesAttributePlain) => void;
  openTagHandler: (tag: SaxesTagPlain) => void;
  closeTagHandler: () => void;
  textHandler: (text: string) => void;
  cdataHandler: (text: string) => void;
  commentHandler: () => void;
  piHandler: () => void;
  errorHandler: (error: Error) => void;
}

/**
 * Tokenises a fragment with saxes, a conforming XML parser about 2.5 times as fast as sax on
 * dense camt, and feeds the same `DocumentHandler` events with the positions sax would give.
 * A fragment is only a guess the document reader checks, so it takes no risk: saxes accepts no
 * document sax refuses, except where saxes normalises (a carriage return, whitespace in an
 * attribute value) or sax has limits of its own (markup past `maxFieldSize`), and at each of those —
 * and at comments, processing instructions and any error — the fragment stops, leaving the rest
 * to the document reader, which meets and reports it exactly as before.
 */
export class FragmentTokenizer {
  /** Called at each end tag, before the handler. */
  beforeClose: () => void = () => undefined;
  /** Called after the handler once saxes has accepted the end tag (see `closing`), never for one it refuses. */
  onClose: () => void = () => undefined;
  /** Called before each start tag reaches the handler. */
  onOpen: (name: string) => void = () => undefined;
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  /** saxes' position and line where the fragment's own text starts (after the context). */
  private startChars = 0;
  private startLine = 0;
  /** Characters written, context included, and whether saxes is inside `write` (only there is its `position` up to date). */
  private written = 0;
  private writing = false;
  /** Absolute position of the `<` of the start tag being read. */
  private tagStart = 0;
  /**
   * An end tag the handler has closed that saxes has not accepted yet, and saxes' position, line
   * and column just after it. saxes hands the element an end tag pops to the close handler first
   * and only then checks the end tag's name: `</Ntr>` for `<Ntry>` (or `</Stmt>`, or the end tag
   * of an element left open) closes the entry, then is an error. `onClose`, which takes the
   * entry and moves the fragment's boundary past it, waits until saxes goes on without one, so
   * the document reader meets the bad end tag and reports it as on one thread.
   */
  private closing = false;
  private closedPosition = 0;
  private closedLine = 0;
  private closedColumn = 0;
  /** Inside the deferred `onClose`: `position()` answers where the end tag ended. */
  private accepting = false;

  constructor(
    private readonly handler: DocumentHandler,
    context: readonly OpenTag[],
  ) {
    const parser = this.parser;
    // Set as named properties, not with `on()`: its computed-key stores turn the parser into a
    // dictionary-mode object in V8 past a handful of handlers, which makes saxes 3 times slower.
    const handlers = parser as unknown as SaxesHandlers;
    const maxMarkup = Math.min(MAX_MARKUP_CHARS, handler.maxFieldSize);
    handlers.openTagStartHandler = (tag) => {
      if (this.closing) this.accept();
      if (tag.name.length > maxMarkup) throw new Stop('a long tag name');
      // The name and the one character that ended it were read since `<`.
      this.tagStart = parser.position - tag.name.length - 2;
    };
    // Each attribute is checked as saxes reads it, so a start tag is not walked again (a `for…in`
    // over saxes' prototype-less attribute objects is slow in V8, and most tags have none).
    handlers.attributeHandler = ({ name, value }) => {
      if (this.closing) this.accept();
      // saxes turns tabs and newlines in attribute values into spaces, sax keeps them.
      if (name.length > maxMarkup || value.length > maxMarkup || value.includes(' '))
        throw new Stop('an attribute value that sax may read differently');
    };
    handlers.openTagHandler = (tag) => {
      if (this.closing) this.accept();
      this.open(tag);
    };
    handlers.closeTagHandler = () => {
      if (this.closing) this.accept();
      this.beforeClose();
      handler.close();
      this.closing = true;
      this.closedPosition = parser.position;
      this.closedLine = parser.line;
      this.closedColumn = parser.columnIndex;
    };
    handlers.textHandler = (text) => {
      if (this.closing) this.accept();
      handler.appendText(text);
    };
    handlers.cdataHandler = (text) => {
      if (this.closing) this.accept();
      handler.appendText(text);
    };
    handlers.commentHandler = () => {
      if (this.closing) this.accept();
      throw new Stop('a comment');
    };
    handlers.piHandler = () => {
      if (this.closing) this.accept();
      throw new Stop('a processing instruction');
    };
    // Any error stops the fragment, a document type declaration after the root's start among them.
    // An end tag not yet accepted is dropped with it: the error may be its name (see `closing`).
    handlers.errorHandler = (error) => {
      this.closing = false;
      throw new Stop(error.message);
    };
    const xml = startTagsXml(context);
    this.write(xml);
    this.startChars = xml.length;
    this.startLine = parser.line;
  }

  /**
   * Feeds text; a carriage return stops the fragment there (saxes reads it as a newline, sax as a
   * character), and so does a C1 control character (saxes reads it as text, the document reader
   * as U+FFFD with a warning). `mayHoldC1: false` (the caller saw the bytes) spares the search for them.
   */
  write(text: string, mayHoldC1 = true): void {
    const cr = mayHoldC1 ? text.search(STOP_CHARACTER) : text.indexOf('\r');
    this.writing = true;
    try {
      this.parser.write(cr < 0 ? text : text.slice(0, cr));
    } finally {
      this.writing = false;
    }
    this.written += cr < 0 ? text.length : cr;
    // saxes checks an end tag's name as soon as it reads its `>`: one it read is accepted.
    if (this.closing) this.accept();
    if (cr >= 0) throw new Stop(text.charCodeAt(cr) === 0x0d ? 'a carriage return' : 'a C1 control character');
  }

  /** Where the tokenizer stands; meaningful inside a callback, or between writes. In `onClose`, just after the end tag. */
  position(): FragmentPosition {
    const parser = this.parser;
    if (this.accepting) {
      const chars = this.closedPosition - this.startChars;
      const lines = this.closedLine - this.startLine;
      return { chars, lines, column: lines === 0 ? chars : this.closedColumn };
    }
    const chars = (this.writing ? parser.position : this.written) - this.startChars;
    const lines = parser.line - this.startLine;
    return { chars, lines, column: lines === 0 ? chars : parser.columnIndex };
  }

  /** saxes accepted the pending end tag: it went on to the next event, or to the end of the text written. */
  private accept(): void {
    this.closing = false;
    this.accepting = true;
    try {
      this.onClose();
    } finally {
      this.accepting = false;
    }
  }

  private open(tag: SaxesTagPlain): void {
    this.onOpen(tag.name);
    const parser = this.parser;
    const end = parser.position;
    const lines = parser.line - this.startLine;
    const endColumn = lines === 0 ? end - this.startChars : parser.columnIndex;
    // As sax-parser.ts places a start tag: the column of its `<`, or of its `>` when the tag
    // spreads over lines and that column would not be positive.
    const column = endColumn - (end - (this.tagStart + 1));
    this.handler.open(tag.name, tag.attributes, lines + 1, column >= 1 ? column : endColumn);
  }
}
