import type sax from 'sax';
import { decodeChunks, detectEncoding, looksLikeUtf8Warning } from '../encoding';
import type { FormatParser } from '../formats';
import { peekSource } from '../source';
import { locateEncodingError } from '../utf8-check';
import type { ParseOptions, StatementRecord } from '../types';
import { DocumentHandler } from './document-handler';
import { RecordPump } from './record-pump';
import { createSaxParser, endDocument } from './sax-parser';
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

class CamtRecords extends RecordPump {
  private readonly parser: sax.SAXParser;
  private text: AsyncIterator<string> | undefined;

  constructor(
    private readonly source: AsyncIterable<Buffer>,
    private readonly options: ParseOptions,
  ) {
    super(new DocumentHandler(options));
    this.parser = createSaxParser(this.handler, options.fileName);
  }

  /** Feeds the next decoded chunk to sax. */
  protected async fill(): Promise<StatementRecord[]> {
    this.text ??= await this.openText();
    let chunk: IteratorResult<string>;
    try {
      chunk = await this.text.next();
    } catch (error) {
      // Bytes that are not UTF-8: sax has read the text before them, so it knows the place.
      const file = this.options.fileName;
      throw locateEncodingError(error, () => ({
        ...(file === undefined ? {} : { file }),
        line: this.parser.line + 1,
        column: this.parser.column + 1,
      }));
    }
    if (chunk.done) {
      this.finished = true;
      endDocument(this.parser, this.handler);
    } else {
      this.parser.write(chunk.value);
    }
    return this.handler.drain();
  }

  protected async release(): Promise<void> {
    await this.text?.return?.();
  }

  private async openText(): Promise<AsyncIterator<string>> {
    let chunks = this.source;
    let encoding = this.options.encoding;
    if (encoding === undefined) {
      const peeked = await peekSource(chunks, 512);
      encoding = detectEncoding(peeked.head).encoding;
      chunks = peeked.chunks;
    }
    const file = this.options.fileName;
    const warn = (): void =>
      this.handler.issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(encoding), {
        ...(file === undefined ? {} : { file }),
        line: this.parser.line + 1,
        column: this.parser.column + 1,
      });
    return decodeChunks(chunks, encoding, warn)[Symbol.asyncIterator]();
  }
}

export const camtParser: FormatParser = {
  sniff: sniffCamt,
  unsupported: describeUnsupportedCamt,
  parse: parseCamt,
};
