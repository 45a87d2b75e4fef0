import { decodeChunks, detectEncoding, splitsCleanly } from '../encoding';
import { IssueSink } from '../issues';
import { maxFieldSize } from '../limits';
import { byteSlices } from '../read-slices';
import type { ParseOptions, SourceLocation, StatementFormat, StatementRecord } from '../types';
import { FieldReader, type FieldEvent } from './fields';
import { declaredLineDecoder, guessingLineDecoder, type LineDecoder } from './line-decoder';
import { LineSplitter, type SourceLine } from './lines';
import { peekSource } from '../source';
import { Mt940StatementBuilder, type InputEnd } from './statement-builder';

/**
 * Content sniffing: a FIN envelope (`{1:`), a `:20:` line followed by the account (`:25:`)
 * within the head, or, where one of those two is missing, a balance line (`:60F:`, `:62M:` …)
 * and a statement line (`:61:`), each at the start of a line: the parser then reports what is
 * missing. Bank exports put header lines (`ABNANL2A`, `940 00`) before `:20:`, so `:20:` need
 * not be the first line. `:13D:` or `:34F:`, or an `{2:I942` header, mark MT942. Tags may stand
 * after blanks or in lower case, as the parser reads them (with a warning).
 */
export function sniffMt940(head: string): StatementFormat | undefined {
  const text = head.replace(/^\uFEFF/, '');
  const enveloped = /^\s*\{1:/.test(text);
  const bare = /(^|[\r\n])[ \t]*:20:/.test(text) && /[\r\n][ \t]*:25[A-Za-z]?:/.test(text);
  const statement = /(^|[\r\n])[ \t]*:6[02][FMfm]:/.test(text) && /(^|[\r\n])[ \t]*:61:/.test(text);
  if (!enveloped && !bare && !statement) return undefined;
  const mt942 = /[\r\n][ \t]*:(13D|34F):/i.test(text) || /\{2:[IO]942/.test(text);
  return mt942 ? 'mt942' : 'mt940';
}

/** Parses MT940/MT942 line by line; memory holds one statement line and its `:86:` text. */
export async function* parseMt940(
  source: AsyncIterable<Buffer>,
  options: ParseOptions,
): AsyncGenerator<StatementRecord> {
  const issues = new IssueSink(options);
  const builder = new Mt940StatementBuilder(issues, options.fileName, options.format);
  const input = await mt940Input(source, options);
  const lines = new LineSplitter(input.decoder(issues), maxFieldSize(options), options.fileName);
  const fields = new FieldReader(maxFieldSize(options), options.fileName, issues);
  const ready: StatementRecord[] = [];
  let statements = 0;
  let lastLine: SourceLine | undefined;
  const emit = (event: FieldEvent): void => {
    for (const record of event.kind === 'field' ? builder.field(event.field) : builder.endOfMessage(event.line)) {
      if (record.kind === 'statement-end') statements++;
      ready.push(record);
    }
  };
  const inputEnd = (): void => {
    // The place of the end: after the last character of a cut line, else on the line after the last.
    const location: SourceLocation =
      lines.unterminated && lastLine
        ? { line: lastLine.line, column: lastLine.text.length + 1 }
        : { line: lines.lineCount + 1, column: 1 };
    if (options.fileName !== undefined) location.file = options.fileName;
    const open = fields.openEnd(lines.unterminated);
    if (open) issues.error('TRUNCATED', `${open.message}; the file is truncated`, location);
    // Known before the open field is emitted; told only when the statement it ends is whole.
    const cut = open ? undefined : fields.cutInText(lines.unterminated);
    const errorsBefore = issues.errorCount;
    const end: InputEnd = { location, unterminated: lines.unterminated, truncated: open !== undefined };
    if (lines.unterminated && lastLine) end.lastLine = { line: lastLine.line, text: lastLine.text };
    // Told before the field still open is emitted: a balance on the cut last line is read knowing it.
    builder.inputEnds(end);
    fields.end(emit);
    for (const record of builder.finish(end)) {
      if (record.kind === 'statement-end') statements++;
      ready.push(record);
    }
    if (cut && issues.errorCount === errorsBefore) issues.warning('TRUNCATED', cut.message, location);
  };
  // Work is done per chunk in plain loops, and records are yielded in order after it, with
  // the error (if any) after the records completed before it.
  const feed = (batch: readonly SourceLine[], last: boolean): { error: unknown } | undefined => {
    try {
      for (const line of batch) fields.accept(line, emit);
      lastLine = batch[batch.length - 1] ?? lastLine;
      if (last) inputEnd();
      return undefined;
    } catch (error) {
      return { error };
    }
  };
  for await (const chunk of input.chunks) {
    for (const slice of byteSlices(chunk)) {
      const failure = feed(lines.write(slice), false);
      for (const record of ready) yield record;
      ready.length = 0;
      if (failure) throw failure.error;
    }
  }
  const failure = feed(lines.end(), true);
  for (const record of ready) yield record;
  if (failure) throw failure.error;
  if (statements === 0) {
    const location =
      options.fileName !== undefined ? { file: options.fileName, line: 1, column: 1 } : { line: 1, column: 1 };
    issues.error(
      'MISSING_ELEMENT',
      'no statement found: expected a :20: field followed by :25:, :60F:, :61: and :62F:',
      location,
    );
  }
}

/** Bytes the file's head is sampled from to guess an 8-bit code page. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The bytes to split into lines, and how to decode each. UTF-16 (named, or marked by a BOM)
 * is turned into UTF-8 first, since lines are split on bytes. Without `--encoding`, lines that
 * are not UTF-8 (and, in a file most of whose 8-bit lines are not, every 8-bit line) are read in
 * the code page the head looks like, with a warning at the first (see `guessingLineDecoder`).
 */
async function mt940Input(
  source: AsyncIterable<Buffer>,
  options: ParseOptions,
): Promise<{ chunks: AsyncIterable<Buffer>; decoder: (issues: IssueSink) => LineDecoder }> {
  const peeked = await peekSource(source, SAMPLE_BYTES);
  const bom = detectEncoding(peeked.head);
  const encoding = options.encoding ?? (bom.source === 'bom' || bom.source === 'pattern' ? bom.encoding : undefined);
  if (encoding !== undefined && !splitsCleanly(encoding)) {
    return { chunks: asUtf8(peeked.chunks, encoding), decoder: () => declaredLineDecoder('utf-8', options.fileName) };
  }
  if (encoding !== undefined)
    return { chunks: peeked.chunks, decoder: () => declaredLineDecoder(encoding, options.fileName) };
  const decoder = (issues: IssueSink): LineDecoder =>
    guessingLineDecoder(peeked.head, (line, page, utf8) => {
      const location =
        options.fileName === undefined ? { line, column: 1 } : { file: options.fileName, line, column: 1 };
      const why = utf8
        ? 'most lines of the file with 8-bit characters are not UTF-8, so this one is not read as UTF-8 either'
        : 'this line is not UTF-8';
      issues.warning(
        'INVALID_ENCODING',
        `${why}: the file's 8-bit characters are read as ${page}, which they look like; say what the file is with --encoding (e.g. windows-1250, iso-8859-2, windows-1252)`,
        location,
      );
    });
  return { chunks: peeked.chunks, decoder };
}

async function* asUtf8(chunks: AsyncIterable<Buffer>, encoding: string): AsyncIterable<Buffer> {
  for await (const text of decodeChunks(chunks, encoding)) yield Buffer.from(text, 'utf8');
}
