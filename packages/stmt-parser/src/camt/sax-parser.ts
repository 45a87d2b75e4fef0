import sax from 'sax';
import { StatementParseError } from '../errors';
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
}

type CamtSaxParser = sax.SAXParser & SaxInternals;

/** The sax parser feeding a document handler, with errors turned into `StatementParseError`s. */
export function createSaxParser(handler: DocumentHandler, file: string | undefined): sax.SAXParser {
  // Strict mode: a statement with broken XML is refused, not guessed at. Namespaces are
  // matched by local name (prefixes stripped), so `xmlns` processing is left off for speed.
  const parser = sax.parser(true, { xmlns: false, position: true }) as CamtSaxParser;
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
  };
  parser.onclosetag = () => handler.close();
  parser.ontext = (text) => handler.appendText(text);
  parser.oncdata = (text) => handler.appendText(text);
  parser.onerror = (error) => {
    const reason = error.message.split('\n', 1)[0] ?? error.message;
    const location = handler.stack.depth > 0 ? handler.stack.location() : undefined;
    const expected = reason === 'Unexpected close tag' && location ? `; expected </${handler.stack.name()}>` : '';
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
  return parser;
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
