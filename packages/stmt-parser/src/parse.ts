import { createReadStream } from 'node:fs';
import { StatementParseError } from './errors';
import { detectFormat, explainUnsupported, parserFor } from './formats';
import { peekSource } from './source';
import type { ParseOptions, StatementRecord } from './types';

/** Bytes read before sniffing: enough for an XML prolog, a long comment and the root element. */
const SNIFF_BYTES = 4096;

/**
 * Parses any supported statement format from a stream of chunks, yielding records as soon as
 * they are complete. The format is sniffed from the first bytes unless `options.format` names it.
 */
export function parseStream(source: AsyncIterable<Buffer | string>, options: ParseOptions = {}): AsyncIterable<StatementRecord> {
  return deferred(async () => {
    const peeked = await peekSource(source, SNIFF_BYTES);
    const effective: ParseOptions = peeked.startsWithString && options.encoding === undefined ? { ...options, encoding: 'utf-8' } : options;
    const format = options.format ?? detectFormat(peeked.head);
    if (!format) {
      const reason = explainUnsupported(peeked.head);
      const where = { ...(options.fileName === undefined ? {} : { file: options.fileName }), line: 1, column: 1 };
      if (reason) throw new StatementParseError('UNSUPPORTED_MESSAGE', reason, where);
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        peeked.head.length === 0
          ? 'the file is empty; expected a camt.052/053/054 XML statement (or another supported format)'
          : 'the file is not a statement format this tool reads; expected ISO 20022 camt.052, camt.053 or camt.054 XML (or another supported format), or name the format explicitly',
        where,
      );
    }
    const parser = parserFor(format);
    if (!parser) throw new StatementParseError('UNKNOWN_FORMAT', `no parser is registered for the format ${JSON.stringify(format)}`);
    return parser.parse(peeked.chunks, effective);
  });
}

/** Parses a file, streaming it from disk; `options.fileName` defaults to `path`. */
export function parseFile(path: string, options: ParseOptions = {}): AsyncIterable<StatementRecord> {
  const fileName = options.fileName ?? path;
  return parseStream(readFileChunks(path, fileName), { ...options, fileName });
}

/** Parses text already in memory. A JavaScript string is taken as decoded text, whatever its XML declaration says. */
export function parseString(text: string | Buffer, options: ParseOptions = {}): AsyncIterable<StatementRecord> {
  return parseStream(
    (async function* () {
      yield text;
    })(),
    options,
  );
}

/**
 * An iterable whose iterator is created on the first `next()`. Unlike an async generator
 * that `yield*`s the inner one, it hands each record through without an extra promise.
 */
function deferred<T>(start: () => Promise<AsyncIterable<T>>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      let inner: AsyncIterator<T> | undefined;
      return {
        next() {
          if (inner) return inner.next();
          return start().then((iterable) => (inner ??= iterable[Symbol.asyncIterator]()).next());
        },
        async return(value?: unknown) {
          await inner?.return?.(value);
          return { done: true, value: undefined };
        },
      };
    },
  };
}

async function* readFileChunks(path: string, fileName: string): AsyncIterable<Buffer> {
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) yield chunk as Buffer;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
    throw new StatementParseError('IO_ERROR', `cannot read ${fileName}: ${reason}`, undefined, { cause: error });
  }
}
