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
 * each chunk completes are handed out before the next chunk is read, so memory holds one
 * chunk and one statement's balances — never the document.
 */
export function parseCamt(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncIterable<StatementRecord> {
  return {
    [Symbol.asyncIterator]: () => new CamtRecords(source, options),
  };
}

/**
 * A hand-written iterator rather than an async generator: records are handed out of an
 * array with one promise each, where a generator would add its own queue and resumption per
 * record — measurable on files with millions of entries.
 */
class CamtRecords implements AsyncIterator<StatementRecord> {
  private readonly handler: DocumentHandler;
  private readonly parser: sax.SAXParser;
  private text: AsyncIterator<string> | undefined;
  private records: StatementRecord[] = [];
  private index = 0;
  private finished = false;
  private failure: unknown;

  constructor(
    private readonly source: AsyncIterable<Buffer>,
    private readonly options: ParseOptions,
  ) {
    this.handler = new DocumentHandler(options);
    this.parser = createSaxParser(this.handler, options.fileName);
  }

  next(): Promise<IteratorResult<StatementRecord>> {
    // Most calls find a record already parsed: hand it out without an async function's frame.
    if (this.index < this.records.length) return Promise.resolve({ done: false, value: this.records[this.index++] as StatementRecord });
    return this.nextAfterFill();
  }

  private async nextAfterFill(): Promise<IteratorResult<StatementRecord>> {
    for (;;) {
      if (this.index < this.records.length) return { done: false, value: this.records[this.index++] as StatementRecord };
      if (this.failure !== undefined) {
        const failure = this.failure;
        this.failure = undefined;
        throw failure;
      }
      if (this.finished) return { done: true, value: undefined };
      await this.fill();
    }
  }

  async return(): Promise<IteratorResult<StatementRecord>> {
    this.finished = true;
    this.records = [];
    await this.text?.return?.();
    return { done: true, value: undefined };
  }

  /** Feeds the next decoded chunk to sax. Records completed before a failure are still handed out first, so what a consumer sees does not depend on where chunks were cut. */
  private async fill(): Promise<void> {
    try {
      this.text ??= await this.openText();
      const chunk = await this.text.next();
      if (chunk.done) {
        this.finished = true;
        this.handler.end(this.parser.line + 1, this.parser.column + 1);
        this.parser.close();
      } else {
        this.parser.write(chunk.value);
      }
    } catch (error) {
      this.finished = true;
      this.failure = error;
      await this.text?.return?.(); // close the file now, not when the iterator is collected
    }
    this.records = this.handler.drain();
    this.index = 0;
  }

  private async openText(): Promise<AsyncIterator<string>> {
    let chunks = this.source;
    let encoding = this.options.encoding;
    if (encoding === undefined) {
      const peeked = await peekSource(chunks, 512);
      encoding = detectEncoding(peeked.head).encoding;
      chunks = peeked.chunks;
    }
    return decodeChunks(chunks, encoding)[Symbol.asyncIterator]();
  }
}

function createSaxParser(handler: DocumentHandler, file: string | undefined): sax.SAXParser {
  // Strict mode: a statement with broken XML is refused, not guessed at. Namespaces are
  // matched by local name (prefixes stripped), so `xmlns` processing is left off for speed.
  const parser = sax.parser(true, { xmlns: false, position: true });
  const positions = parser as sax.SAXParser & { position: number; startTagPosition: number };
  parser.onopentag = (tag) => {
    // sax reports the position after `>`; step back over the tag to point at its `<`.
    // A start tag spread over several lines (attributes on their own lines) points at the
    // line of its `>` instead.
    const column = parser.column - (positions.position - positions.startTagPosition);
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
