import { positionIn } from '../control-characters';
import { decodeChunks, looksLikeUtf8Warning } from '../encoding';
import { StatementParseError } from '../errors';
import { IssueSink } from '../issues';
import { maxFieldSize } from '../limits';
import { textSlices } from '../read-slices';
import { locateEncodingError } from '../utf8-check';
import { peekSource } from '../source';
import type { ParseOptions, SourceLocation, StatementFormat, StatementRecord } from '../types';
import { OfxElementReader, type OfxEvent } from './elements';
import { readOfxHeader } from './header';
import { RepeatedWarnings } from './repeated-warnings';
import { OfxStatementBuilder } from './statement-builder';
import { OfxTokenizer, type OfxToken } from './tokenizer';

/** Enough bytes to hold an OFX 1.x header block or the XML declaration and `<?OFX?>`. */
const HEADER_BYTES = 4096;

/** The keys of OFX 1.x header lines (OFX 1.6 §2.2). */
const HEADER_LINE =
  /^[ \t]*(OFXHEADER|DATA|VERSION|SECURITY|ENCODING|CHARSET|COMPRESSION|OLDFILEUID|NEWFILEUID)[ \t]*:([^\r\n<]*)(?:\r\n?|\n|$|(?=<))/i;

/**
 * OFX 1.x starts with `OFXHEADER:`; OFX 2.x has `<?OFX` after the XML declaration; some files
 * start at `<OFX>`. Exporters also write blank lines or comments first, an XML declaration with
 * no `<?OFX?>`, or the 1.x header without its `OFXHEADER:` line (`DATA:OFXSGML`, `VERSION:102` …):
 * after any blank lines, comments and processing instructions, the head must hold OFX header
 * lines, `<OFX>` as the first element, or both. Only the head is looked at; any other first
 * element (a camt `<Document>`) is left to its own format.
 */
export function sniffOfx(head: string): StatementFormat | undefined {
  if (/<\?OFX\b/i.test(head)) return 'ofx';
  let text = skipProlog(head.replace(/^\uFEFF/, ''));
  if (text === undefined) return undefined;
  let headerLines = 0;
  let sgml = false;
  for (let line = HEADER_LINE.exec(text); line; line = HEADER_LINE.exec(text)) {
    const key = (line[1] as string).toUpperCase();
    if (key === 'OFXHEADER' || (key === 'DATA' && /^\s*OFXSGML\s*$/i.test(line[2] as string))) sgml = true;
    headerLines++;
    text = text.slice(line[0].length).replace(/^\s+/, '');
  }
  if (sgml) return 'ofx';
  const rest = headerLines > 0 ? skipProlog(text) : text;
  return rest !== undefined && /^<OFX>/i.test(rest) ? 'ofx' : undefined;
}

/** `text` after leading white space, comments and processing instructions (`<?xml …?>`); undefined when one is cut off. */
function skipProlog(text: string): string | undefined {
  let rest = text.trimStart();
  for (;;) {
    const close = rest.startsWith('<!--') ? '-->' : rest.startsWith('<?') ? '?>' : undefined;
    if (close === undefined) return rest;
    const end = rest.indexOf(close, 2);
    if (end < 0) return undefined;
    rest = rest.slice(end + close.length).trimStart();
  }
}

/**
 * Parses OFX 1.x (SGML) and 2.x (XML) in one pass: bytes are decoded in the declared
 * encoding, tokenized, nested, and assembled into statements, holding one transaction at a time.
 */
export async function* parseOfx(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncGenerator<StatementRecord> {
  const issues = new IssueSink(options);
  const peeked = await peekSource(source, HEADER_BYTES);
  const header = readOfxHeader(peeked.head, options.encoding);
  const repeats = new RepeatedWarnings(issues);
  const elements = new OfxElementReader(options.fileName, issues, repeats, maxFieldSize(options), header.xml === true);
  const tokenizer = new OfxTokenizer({
    maxFieldSize: maxFieldSize(options),
    ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
    openElement: () => elements.openPath,
    tagPath: () => elements.tagPath,
  });
  const builder = new OfxStatementBuilder(issues, header.version, repeats);
  const location = (): SourceLocation => {
    const path = elements.openPath;
    const at: SourceLocation = path === '' ? { ...tokenizer.position } : { ...tokenizer.position, path };
    if (options.fileName !== undefined) at.file = options.fileName;
    return at;
  };

  // Records are gathered per chunk and yielded from a plain loop: `yield*` over a small array
  // in an async generator costs an async iterator per event, which dominated the run time.
  const ready: StatementRecord[] = [];
  const emit = (event: OfxEvent): void => {
    for (const record of builder.accept(event)) ready.push(record);
  };
  // Elements whose reading waits on what follows (an empty element before a start tag) are
  // handed out as read so far when the input stops: at its end, or at an error.
  const release = (): { error: unknown } | undefined => {
    try {
      elements.flush(emit);
      return undefined;
    } catch (error) {
      return { error }; // from a record before the stop, so it comes first
    }
  };
  const accept = (token: OfxToken): void => elements.accept(token, emit);
  const feed = (read: (sink: (token: OfxToken) => void) => void): { error: unknown } | undefined => {
    try {
      read(accept);
      return undefined;
    } catch (error) {
      return release() ?? { error }; // yielded after the records completed before it, as with any chunking
    }
  };
  for (const { code, message, line, column } of header.warnings ?? [])
    issues.warning(
      code,
      message,
      options.fileName === undefined ? { line, column } : { file: options.fileName, line, column },
    );
  try {
    const warn = (text: string, index: number): void =>
      issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(header.encoding), {
        ...location(),
        ...positionIn(text, index, tokenizer.inputEnd.line, tokenizer.inputEnd.column),
      });
    for await (const text of decodeChunks(peeked.chunks, header.encoding, warn)) {
      for (const slice of textSlices(text)) {
        const failure = feed((sink) => tokenizer.write(slice, sink));
        for (const record of ready) yield record;
        ready.length = 0;
        if (failure) throw failure.error;
      }
    }
  } catch (error) {
    const earlier = release();
    for (const record of ready) yield record;
    throw locateEncodingError(earlier?.error ?? error, () => ({ ...location(), ...tokenizer.inputEnd }));
  }
  const failure = feed((sink) => tokenizer.end(sink)) ?? release();
  for (const record of ready) yield record;
  if (failure) throw failure.error;
  // How many warnings of each kind were counted rather than reported (once the file is read whole).
  repeats.close();
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
      builder.bankError === undefined
        ? 'no statement found: expected <STMTRS>, <CCSTMTRS> or <INVSTMTRS> inside <OFX>'
        : `no statement found: the bank answered with an error (${builder.bankError}) instead of a statement`,
      location(),
    );
  }
}
