import { decodeChunks, looksLikeUtf8Warning } from '../encoding';
import { StatementParseError } from '../errors';
import { IssueSink } from '../issues';
import { maxFieldSize } from '../limits';
import { locateEncodingError } from '../utf8-check';
import { peekSource } from '../source';
import type { ParseOptions, SourceLocation, StatementFormat, StatementRecord } from '../types';
import { OfxElementReader, type OfxEvent } from './elements';
import { readOfxHeader } from './header';
import { OfxStatementBuilder } from './statement-builder';
import { OfxTokenizer, type OfxToken } from './tokenizer';

/** Enough bytes to hold an OFX 1.x header block or the XML declaration and `<?OFX?>`. */
const HEADER_BYTES = 4096;

/** OFX 1.x starts with `OFXHEADER:`; OFX 2.x has `<?OFX` after the XML declaration; some files start at `<OFX>`. */
export function sniffOfx(head: string): StatementFormat | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('OFXHEADER:') || /<\?OFX\b/i.test(text) || /^<OFX>/i.test(text)) return 'ofx';
  return undefined;
}

/**
 * Parses OFX 1.x (SGML) and 2.x (XML) in one pass: bytes are decoded in the declared
 * encoding, tokenized, nested, and assembled into statements, holding one transaction at a time.
 */
export async function* parseOfx(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncGenerator<StatementRecord> {
  const issues = new IssueSink(options);
  const peeked = await peekSource(source, HEADER_BYTES);
  const header = readOfxHeader(peeked.head, options.encoding);
  const elements = new OfxElementReader(options.fileName, issues, maxFieldSize(options));
  const tokenizer = new OfxTokenizer({
    maxFieldSize: maxFieldSize(options),
    ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
    openElement: () => elements.openPath,
  });
  const builder = new OfxStatementBuilder(issues, header.version);
  const location = (): SourceLocation => {
    const at: SourceLocation = { ...tokenizer.position, path: elements.openPath };
    if (options.fileName !== undefined) at.file = options.fileName;
    return at;
  };

  // Records are gathered per chunk and yielded from a plain loop: `yield*` over a small array
  // in an async generator costs an async iterator per event, which dominated the run time.
  const ready: StatementRecord[] = [];
  const emit = (event: OfxEvent): void => {
    for (const record of builder.accept(event)) ready.push(record);
  };
  const feed = (tokens: Iterable<OfxToken>): { error: unknown } | undefined => {
    try {
      for (const token of tokens) elements.accept(token, emit);
      return undefined;
    } catch (error) {
      return { error }; // yielded after the records completed before it, as with any chunking
    }
  };
  try {
    const warn = (): void =>
      issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(header.encoding), {
        ...location(),
        ...tokenizer.inputEnd,
      });
    for await (const text of decodeChunks(peeked.chunks, header.encoding, warn)) {
      const failure = feed(tokenizer.write(text));
      for (const record of ready) yield record;
      ready.length = 0;
      if (failure) throw failure.error;
    }
  } catch (error) {
    throw locateEncodingError(error, () => ({ ...location(), ...tokenizer.inputEnd }));
  }
  const failure = feed(tokenizer.end());
  for (const record of ready) yield record;
  if (failure) throw failure.error;
  if (tokenizer.unterminated !== '' || elements.depth > 0) {
    const open = elements.openPath;
    throw new StatementParseError(
      'TRUNCATED',
      `the file ends inside ${open ? `<${open.split('/').pop() ?? ''}>` : 'a tag'}: expected the closing tags up to </OFX>`,
      { location: location() },
    );
  }
  if (builder.statementCount === 0) {
    issues.error(
      'MISSING_ELEMENT',
      'no statement found: expected <STMTRS>, <CCSTMTRS> or <INVSTMTRS> inside <OFX>',
      location(),
    );
  }
}
