import type sax from 'sax';
import {
  bomAgainstDeclaration,
  decodeChunks,
  detectEncoding,
  looksLikeUtf8Warning,
  windows1252Warning,
  type Windows1252Found,
} from '../encoding';
import { positionIn } from '../control-characters';
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
    const peeked = await peekSource(this.source, 1024);
    const chunks = peeked.chunks;
    const encoding = this.options.encoding ?? detectEncoding(peeked.head).encoding;
    const file = this.options.fileName;
    headWarnings(peeked.head, encoding, this.handler, file);
    const warn = (text: string, index: number): void =>
      this.handler.issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(encoding), {
        ...(file === undefined ? {} : { file }),
        ...positionIn(text, index, this.parser.line + 1, this.parser.column + 1),
      });
    const relabelled = windows1252Found(this.parser, this.handler, encoding, file);
    return decodeChunks(chunks, encoding, warn, undefined, relabelled)[Symbol.asyncIterator]();
  }
}

/**
 * What the first bytes of a camt file read in `encoding` deviate in, warned about at their place
 * (the same on one thread and on several): a byte-order mark whose encoding, the one read, the
 * XML declaration contradicts (`EF BB BF` then `encoding="ISO-8859-1"`).
 */
export function headWarnings(head: Buffer, encoding: string, handler: DocumentHandler, file: string | undefined): void {
  const conflict = bomAgainstDeclaration(head);
  if (!conflict || detectEncoding(head).encoding !== encoding.toLowerCase()) return;
  handler.issues.warning(
    'INVALID_ENCODING',
    `the file starts with a ${conflict.bom.toUpperCase()} byte-order mark, but its XML declaration says encoding="${conflict.declared}"; read as ${conflict.bom.toUpperCase()}, as the mark decides (XML 1.0 Appendix F)`,
    { ...(file === undefined ? {} : { file }), line: conflict.line, column: conflict.column },
  );
}

/**
 * The warning for the first byte of a file labelled ISO-8859-1 or US-ASCII that is read as
 * windows-1252, placed at that byte: `text`, about to be given to sax, holds it at `index`.
 * No element path: sax has not read that far, and a fragment's reader could not tell it either.
 */
export function windows1252Found(
  parser: sax.SAXParser,
  handler: DocumentHandler,
  encoding: string,
  file: string | undefined,
): Windows1252Found {
  return (text, index, byte) => {
    const at = positionIn(text, index, parser.line + 1, parser.column + 1);
    handler.issues.warning('INVALID_ENCODING', windows1252Warning(encoding, byte), {
      ...(file === undefined ? {} : { file }),
      ...at,
    });
  };
}

export const camtParser: FormatParser = {
  sniff: sniffCamt,
  unsupported: describeUnsupportedCamt,
  parse: parseCamt,
};
