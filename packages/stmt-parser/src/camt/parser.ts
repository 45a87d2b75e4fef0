import sax from 'sax';
import { decodeChunks, detectEncoding } from '../encoding';
import { StatementParseError } from '../errors';
import type { FormatParser } from '../formats';
import { peekSource } from '../source';
import type { ParseOptions, StatementRecord } from '../types';
import { DocumentHandler } from './document-handler';
import { describeUnsupportedCamt, sniffCamt } from './sniff';

/**
 * Streams camt.052/053/054 records out of XML bytes. The bytes are decoded incrementally
 * (BOM, XML declaration or `options.encoding`), fed to sax in strict mode, and the records
 * each chunk completes are yielded before the next chunk is read, so memory holds one chunk
 * and one statement's balances — never the document.
 */
export async function* parseCamt(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncIterable<StatementRecord> {
  let chunks = source;
  let encoding = options.encoding;
  if (encoding === undefined) {
    const peeked = await peekSource(source, 512);
    encoding = detectEncoding(peeked.head).encoding;
    chunks = peeked.chunks;
  }
  const handler = new DocumentHandler(options);
  const parser = createSaxParser(handler, options.fileName);
  let failure: unknown;
  try {
    for await (const text of decodeChunks(chunks, encoding)) {
      parser.write(text);
      // A plain loop, not `yield*`: delegation would add a promise per record.
      if (handler.out.length > 0) for (const record of handler.drain()) yield record;
    }
    handler.end(parser.line + 1, parser.column + 1);
    parser.close();
  } catch (error) {
    failure = error;
  }
  // Records completed before a failure are still delivered, so what a consumer sees does
  // not depend on where the chunks happened to be cut.
  for (const record of handler.drain()) yield record;
  if (failure !== undefined) throw failure;
}

function createSaxParser(handler: DocumentHandler, file: string | undefined): sax.SAXParser {
  // Strict mode: a statement with broken XML is refused, not guessed at. Namespaces are
  // matched by local name (prefixes stripped), so `xmlns` processing is left off for speed.
  const parser = sax.parser(true, { xmlns: false, position: true });
  parser.onopentag = (tag) => {
    // sax reports the position after `>`; step back over the tag to point at its `<`.
    // A start tag spread over several lines (attributes on their own lines) points at the
    // line of its `>` instead.
    const p = parser as sax.SAXParser & { position: number; startTagPosition: number };
    const column = parser.column - (p.position - p.startTagPosition);
    handler.open(tag.name, tag.attributes as Record<string, string>, parser.line + 1, column >= 1 ? column : parser.column);
  };
  parser.onclosetag = () => handler.close();
  parser.ontext = (text) => handler.appendText(text);
  parser.oncdata = (text) => handler.appendText(text);
  parser.onerror = (error) => {
    const reason = error.message.split('\n', 1)[0] ?? error.message;
    const location = handler.stack.depth > 0 ? handler.stack.location() : undefined;
    const expected = reason === 'Unexpected close tag' && location ? `; expected </${handler.stack.name()}>` : '';
    throw new StatementParseError(
      'NOT_WELL_FORMED',
      `the file is not well-formed XML: ${reason}${expected}`,
      {
        ...(file === undefined ? {} : { file }),
        line: parser.line + 1,
        column: parser.column,
        ...(location?.path === undefined ? {} : { path: location.path }),
      },
      { cause: error },
    );
  };
  return parser;
}

export const camtParser: FormatParser = {
  format: ['camt.052', 'camt.053', 'camt.054'],
  sniff: sniffCamt,
  unsupported: describeUnsupportedCamt,
  parse: parseCamt,
};
