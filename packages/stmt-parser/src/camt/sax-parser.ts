import sax from 'sax';
import { StatementParseError } from '../errors';
import { formatSize, MAX_ATTRIBUTES } from '../limits';
import type { DocumentHandler } from './document-handler';

/** An open start tag as sax keeps it: qualified name and attribute values (entities decoded). */
export interface OpenTag {
  name: string;
  attributes: Record<string, string>;
}

/** What sax exposes at run time beyond its published typings. */
interface SaxInternals {
  position: number;
  startTagPosition: number;
  state: number;
  tags: OpenTag[];
  bufferCheckPosition: number;
  sawRoot: boolean;
  closedRoot: boolean;
  tagName: string;
  attribName: string;
  attribValue: string;
  entity: string;
  comment: string;
  procInstBody: string;
  doctype: string;
  sgmlDecl: string;
}

type CamtSaxParser = sax.SAXParser & SaxInternals;

/** sax's module-level settings: its state numbers, and the longest buffer (name, attribute value, comment…) it holds. */
const saxModule = sax as unknown as { MAX_BUFFER_LENGTH: number; STATE: Readonly<Record<string, number>> };
const STATE = saxModule.STATE as Readonly<Record<string, number>> & { TEXT: number };

/** sax states in which a character is content: attribute values, CDATA sections, comments, processing instructions (and text, inside the root element). */
const CONTENT_STATES: ReadonlySet<number | undefined> = new Set(
  [
    'ATTRIB_VALUE_QUOTED',
    'CDATA',
    'CDATA_ENDING',
    'CDATA_ENDING_2',
    'COMMENT',
    'COMMENT_ENDING',
    'PROC_INST_BODY',
    'PROC_INST_ENDING',
  ].map((name) => STATE[name]),
);

/**
 * The characters XML 1.0 does not allow (§2.2): C0 controls other than tab, line feed and
 * carriage return, and U+FFFE, U+FFFF; and the C1 controls U+0080–U+009F, which it discourages
 * (§2.2) and which are no text either (ISO-8859-1 text that is windows-1252, UTF-8 `C2 93`). sax
 * reads them as text; they are read as U+FFFD here, with a warning, as the row is still
 * meaningful (and a raw escape sequence never reaches a CSV).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f\ufffe\uffff]/;

/** After the root element: NUL and Ctrl-Z (U+001A, DOS's end of file), the padding a file's end may carry. */
const isPadding = (code: number): boolean => code === 0x00 || code === 0x1a;

/** The entities XML predefines (§4.6); sax also knows HTML's. */
const XML_ENTITIES: ReadonlySet<string> = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** The code point of a character reference (`#27`, `#x1B`, entity name without `&` and `;`) to a character XML does not allow, if it is one. */
function forbiddenReference(name: string): number | undefined {
  const hex = name.charCodeAt(1) === 0x78 || name.charCodeAt(1) === 0x58; // x, X
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9A-Fa-f]{1,8}$/ : /^[0-9]{1,10}$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  return NOT_XML_CHARACTER.test(String.fromCharCode(code)) && code <= 0xffff ? code : undefined;
}

/**
 * The sax parser feeding a document handler, with errors turned into `StatementParseError`s.
 * Its `write` also replaces characters XML does not allow (`NOT_XML_CHARACTER`) and holds
 * names, attribute values and comments to `maxFieldSize` (sax's own limit, `MAX_BUFFER_LENGTH`,
 * is global: it is set to this document's limit while its text is written, and put back after).
 */
export function createSaxParser(handler: DocumentHandler, file: string | undefined): sax.SAXParser {
  // Strict mode: a statement with broken XML is refused, not guessed at. Namespaces are
  // matched by local name (prefixes stripped), so `xmlns` processing is left off for speed.
  const parser = sax.parser(true, { xmlns: false, position: true }) as CamtSaxParser;
  const limit = handler.maxFieldSize;
  parser.bufferCheckPosition = limit;
  const markup = new MarkupStart(parser);
  /** The first attribute given twice in the start tag being read: its name, values and place. */
  let repeated: { name: string; first: string; second: string; line: number; column: number } | undefined;
  // sax skips an attribute whose name the tag already has, silently, after asking the tag's
  // attributes whether they have it: they answer, and remember the question.
  const attributesOfATag = Object.create(Object.prototype, {
    hasOwnProperty: {
      value(this: Record<string, string>, name: string): boolean {
        const own = Object.prototype.hasOwnProperty.call(this, name);
        if (own && repeated === undefined && name === parser.attribName)
          repeated = {
            name,
            first: this[name] ?? '',
            second: parser.attribValue,
            line: parser.line + 1,
            column: parser.column,
          };
        return own;
      },
    },
  }) as object;

  const tooLarge = (what: string, at: { line: number; column: number }, element?: string): StatementParseError =>
    new StatementParseError(
      'LIMIT_EXCEEDED',
      `${what} exceeds ${formatSize(limit)} (--max-field-size); raise the limit if the file is genuine`,
      { location: handler.locationAt(at.line, at.column, element === undefined ? undefined : localName(element)) },
    );

  let attributes = 0;
  parser.onopentagstart = (tag) => {
    if (tag.name.length > limit) throw tooLarge('an element name', markup.locate());
    tag.attributes = Object.create(attributesOfATag) as Record<string, string>;
    attributes = 0;
  };
  parser.onattribute = ({ name, value }) => {
    if (++attributes > MAX_ATTRIBUTES) {
      const at = markup.locate();
      throw new StatementParseError(
        'LIMIT_EXCEEDED',
        `<${parser.tagName}> has more than ${MAX_ATTRIBUTES} attributes; no statement element has more than a few`,
        { location: handler.locationAt(at.line, at.column, localName(parser.tagName)) },
      );
    }
    if (name.length > limit)
      throw tooLarge(`an attribute name of <${parser.tagName}>`, markup.locate(), parser.tagName);
    if (value.length > limit)
      throw tooLarge(`the value of the attribute ${name} of <${parser.tagName}>`, markup.locate(), parser.tagName);
  };
  parser.onopentag = (tag) => {
    // sax reports the position after `>`; step back over the tag to point at its `<`.
    // A start tag spread over several lines (attributes on their own lines) points at the
    // line of its `>` instead.
    const column = parser.column - (parser.position - parser.startTagPosition);
    handler.open(
      tag.name,
      tag.attributes as Record<string, string>,
      parser.line + 1,
      column >= 1 ? column : parser.column,
    );
    if (repeated) {
      const { name, first, second, line, column: at } = repeated;
      repeated = undefined;
      handler.repeatedAttribute(name, first, second, line, at);
    }
  };
  parser.onclosetag = () => handler.close();
  parser.ontext = (text) => handler.appendText(text);
  parser.oncdata = (text) => handler.appendText(text);
  parser.oncomment = (comment) => {
    if (comment.length > limit) throw tooLarge('a comment', markup.locate());
  };
  parser.onprocessinginstruction = ({ name, body }) => {
    if (body.length > limit) throw tooLarge('a processing instruction', markup.locate());
    // The XML declaration must be the very first thing (XML 1.0 §2.8; a byte-order mark is not text).
    if (name === 'xml' && !parser.sawRoot && parser.startTagPosition > 1) handler.declarationNotFirst(markup.locate());
  };
  parser.ondoctype = (doctype) => {
    if (doctype.length > limit) throw tooLarge('the document type declaration', markup.locate());
  };
  // A character reference to a character XML does not allow reads as U+FFFD, as the character
  // written would. sax looks a reference up at its `;`, twice when found (`if (e[x]) return e[x]`):
  // one warning per position.
  // An HTML entity (`&eacute;`, `&nbsp;`) is no XML entity, but its meaning is known: read so, with a
  // warning at its `&`.
  let referenceWarned = -1;
  parser.ENTITIES = new Proxy(parser.ENTITIES, {
    get(target, key, receiver): unknown {
      if (typeof key !== 'string') return Reflect.get(target, key, receiver);
      if (key.charCodeAt(0) !== 0x23) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value === 'string' && !XML_ENTITIES.has(key) && referenceWarned !== parser.position) {
          referenceWarned = parser.position;
          handler.htmlEntity(key, value, parser.line + 1, parser.column - key.length - 1);
        }
        return value;
      }
      const code = forbiddenReference(key);
      if (code === undefined) return Reflect.get(target, key, receiver);
      if (referenceWarned !== parser.position) {
        referenceWarned = parser.position;
        // The reference starts at its `&`.
        handler.invalidCharacter(code, parser.line + 1, parser.column - key.length - 1);
      }
      return '\ufffd';
    },
  });
  parser.onerror = (error) => {
    const reason = error.message.split('\n', 1)[0] ?? error.message;
    // sax holds a name, attribute value or comment up to MAX_BUFFER_LENGTH, which is `limit` here.
    const overflow = /^Max buffer length exceeded: (\w+)$/.exec(reason)?.[1];
    if (overflow === 'entity') {
      const column = Math.max(1, parser.column - parser.entity.length);
      throw tooLarge('an entity reference', { line: parser.line + 1, column });
    }
    if (overflow === 'attribValue' || overflow === 'attribName' || overflow === 'tagName') {
      const what =
        overflow === 'tagName'
          ? 'an element name'
          : overflow === 'attribName'
            ? `an attribute name of <${parser.tagName}>`
            : `the value of the attribute ${parser.attribName} of <${parser.tagName}>`;
      throw tooLarge(what, markup.locate(), overflow === 'tagName' ? undefined : parser.tagName);
    }
    if (overflow !== undefined) throw tooLarge(BUFFERS[overflow] ?? 'markup', markup.locate());
    const location = handler.stack.depth > 0 ? handler.stack.location() : undefined;
    const expected =
      reason === 'Unexpected close tag' && location
        ? `; expected </${handler.stack.name()}>`
        : reason === 'Invalid character entity'
          ? ' (XML defines &amp; &lt; &gt; &quot; &apos; and character references such as &#233;; entities a DTD declares are not read)'
          : '';
    throw new StatementParseError('NOT_WELL_FORMED', `the file is not well-formed XML: ${reason}${expected}`, {
      location: {
        ...(file === undefined ? {} : { file }),
        line: parser.line + 1,
        // sax counts a newline as the end of its line (column 0 of the next): a character
        // that fails on it is placed at the next line's first column.
        column: Math.max(1, parser.column),
        ...(location?.path === undefined ? {} : { path: location.path }),
      },
      cause: error,
    });
  };

  /** Hands `text` to sax, where the markup starts being tracked. */
  const feed = (text: string): void => {
    markup.writing(text);
    sax.SAXParser.prototype.write.call(parser, text);
    markup.written();
    if (parser.state !== STATE.TEXT) flattenMarkup(parser);
  };
  parser.write = (text: string | null): sax.SAXParser => {
    if (text === null) return sax.SAXParser.prototype.write.call(parser, text as unknown as string);
    const global = saxModule.MAX_BUFFER_LENGTH;
    saxModule.MAX_BUFFER_LENGTH = limit;
    try {
      let rest = text;
      for (let at = rest.search(NOT_XML_CHARACTER); at >= 0; at = rest.search(NOT_XML_CHARACTER)) {
        if (at > 0) feed(rest.slice(0, at));
        const code = rest.charCodeAt(at);
        // After the root element, NUL and Ctrl-Z are padding (as MT940 reads them): skipped, with a warning.
        if (isPadding(code) && parser.state === STATE.TEXT && parser.closedRoot) {
          handler.padding(code, parser.line + 1, parser.column + 1);
          // Counted as read, so what follows is placed where it stands.
          parser.column++;
          parser.position++;
          rest = rest.slice(at + 1);
          continue;
        }
        // In content it is read as U+FFFD; in markup (a name, between attributes) it is left to sax, which refuses it.
        const content =
          CONTENT_STATES.has(parser.state) || (parser.state === STATE.TEXT && parser.sawRoot && !parser.closedRoot);
        if (content) handler.invalidCharacter(code, parser.line + 1, parser.column + 1);
        feed(content ? '\ufffd' : rest.charAt(at));
        rest = rest.slice(at + 1);
      }
      if (rest.length > 0) feed(rest);
    } finally {
      saxModule.MAX_BUFFER_LENGTH = global;
    }
    return parser;
  };
  return parser;
}

/** The sax buffers that grow a character at a time while markup is read. */
const MARKUP_BUFFERS = [
  'attribValue',
  'attribName',
  'tagName',
  'comment',
  'procInstBody',
  'doctype',
  'sgmlDecl',
] as const;

/** Longer than this, a markup buffer is flattened after each write (see `flattenMarkup`). */
const FLATTEN_CHARS = 4096;

/**
 * sax appends markup (an attribute value, a comment) a character at a time, and V8 keeps each
 * `+=` as a node of a rope until the string is read: a 1 MiB attribute value became a rope of a
 * million nodes, some 40 MiB, which ran a `--streaming` run out of its heap before sax's length
 * check could refuse it. Reading a character of a long buffer after each write flattens it into
 * one string, so markup costs its length, however it is cut.
 */
function flattenMarkup(parser: CamtSaxParser): void {
  for (const name of MARKUP_BUFFERS) {
    const buffer = parser[name];
    if (buffer.length > FLATTEN_CHARS) buffer.charCodeAt(0);
  }
}

/** What each sax buffer holds, for the buffers not handled on their own. */
const BUFFERS: Readonly<Record<string, string>> = {
  comment: 'a comment',
  procInstName: 'a processing instruction',
  procInstBody: 'a processing instruction',
  doctype: 'the document type declaration',
  sgmlDecl: 'a markup declaration',
};

/**
 * Where the markup sax is reading (a tag, a comment…) starts, i.e. its `<`, which sax only
 * counts (`startTagPosition`). It is found in the text of the write that read the `<`: looked
 * for after each write that ends inside markup, and whenever an error asks.
 */
class MarkupStart {
  /** The `startTagPosition` located, and its 0-based line and 1-based column. */
  private position = -1;
  private line = 0;
  private column = 1;
  /** The text being written and sax's counters before it. */
  private text = '';
  private textPosition = 0;
  private textLine = 0;
  private textColumn = 0;

  constructor(private readonly parser: CamtSaxParser) {}

  writing(text: string): void {
    const parser = this.parser;
    this.text = text;
    this.textPosition = parser.position;
    this.textLine = parser.line;
    this.textColumn = parser.column;
  }

  /** After a write: if it ends inside markup, locate the markup's start while its text is at hand. */
  written(): void {
    const { state } = this.parser;
    if (state !== STATE.TEXT && state !== STATE['BEGIN'] && state !== STATE['BEGIN_WHITESPACE']) this.locate();
  }

  /** 1-based line and column of the current markup's `<`. */
  locate(): { line: number; column: number } {
    const parser = this.parser;
    if (parser.startTagPosition !== this.position) {
      this.position = parser.startTagPosition;
      const { text } = this;
      const at = parser.startTagPosition - 1 - this.textPosition;
      if (!(at >= 0 && at < text.length)) {
        // Not in this write's text (never the case: an earlier write ending in the markup located it).
        this.line = parser.line;
        this.column = Math.max(1, parser.column);
      } else {
        const newline = at === 0 ? -1 : text.lastIndexOf('\n', at - 1);
        if (newline < 0) {
          this.line = this.textLine;
          this.column = this.textColumn + at + 1;
        } else {
          let lines = 0;
          for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) lines++;
          this.line = this.textLine + lines;
          this.column = at - newline;
        }
      }
    }
    return { line: this.line + 1, column: this.column };
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** At the end of the input: lets the handler report what is left open, then closes sax. */
export function endDocument(parser: sax.SAXParser, handler: DocumentHandler): void {
  handler.end(parser.line + 1, parser.column + 1);
  parser.close();
}

/** The start tags open right now, outermost first. */
export function openTags(parser: sax.SAXParser): readonly OpenTag[] {
  return (parser as CamtSaxParser).tags;
}

/** Whether sax stands in character data between tags: not inside a tag, comment, CDATA section or declaration. */
export function betweenTags(parser: sax.SAXParser): boolean {
  return (parser as CamtSaxParser).state === (sax as unknown as { STATE: { TEXT: number } }).STATE.TEXT;
}

/**
 * Moves sax's position counters forward over text it did not read itself (a fragment parsed
 * elsewhere): `lines` newlines, then `column` characters on the last line, `chars` in all.
 */
export function skipAhead(parser: sax.SAXParser, lines: number, column: number, chars: number): void {
  const internals = parser as CamtSaxParser;
  internals.line += lines;
  internals.column = lines > 0 ? column : internals.column + column;
  internals.position += chars;
}

/** XML for the start tags that enclose a fragment, so a fresh parser can read it in place. */
export function startTagsXml(tags: readonly OpenTag[]): string {
  let xml = '';
  for (const tag of tags) {
    xml += `<${tag.name}`;
    for (const [name, value] of Object.entries(tag.attributes)) xml += ` ${name}="${escapeAttribute(value)}"`;
    xml += '>';
  }
  return xml;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&quot;'));
}
