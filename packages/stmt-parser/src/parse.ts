import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type * as ParallelModule from './camt/parallel';
import { decodeHead, detectEncoding, isWideUnicodeName, splitsCleanly, utf16Likely } from './encoding';
import { StatementParseError } from './errors';
import { detectCsvProfile } from './csv/profile-detect';
import { containerOf, detectFormat, explainUnsupported, headText, parserFor, unrecognisedFormatHint } from './formats';
import { peekSource } from './source';
import type { ParseOptions, StatementFormat, StatementRecord } from './types';

/** Bytes read before the format is sniffed; a head in which none is recognised yet is read on (`SNIFF_LIMIT`). */
const SNIFF_BYTES = 4096;

/** Bytes `parseFile` reads at a time. The first chunk is the head it sniffs (see `SNIFF_LIMIT`). */
const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * How far a head in which no format is recognised yet is read on before sniffing gives up: an
 * XML prolog, long comments, processing instructions or an envelope (a CBPR+ `<BizMsgEnvlp>`
 * whose `<AppHdr>` carries a signature) may stand before `<Document>`. A file's head is its
 * first chunk, 1 MiB (`FILE_CHUNK_BYTES`), so a stream — standard input, whose pipe may hand
 * over a few KiB at a time — is read as far, and sniffed no further: the same bytes are
 * recognised the same way however they arrive. Memory is what reading a file holds anyway.
 */
const SNIFF_LIMIT = FILE_CHUNK_BYTES;

/**
 * Parses any supported statement format from a stream of chunks, yielding records as soon as
 * they are complete. The format is sniffed from the first bytes unless `options.format` names it.
 */
export function parseStream(
  source: AsyncIterable<Buffer | string>,
  options: ParseOptions = {},
): AsyncIterable<StatementRecord> {
  return deferred(async () => {
    // Until a format is recognised (or refused), the head is read on, up to SNIFF_LIMIT.
    const peeked = await peekSource(source, SNIFF_BYTES, {
      enough: (head, startsWithString) => sniffHead(head, startsWithString, options).decided,
      maxBytes: SNIFF_LIMIT,
    });
    const head = peeked.head.subarray(0, SNIFF_LIMIT);
    const sniffed = sniffHead(head, peeked.startsWithString, options);
    const { effective, format } = sniffed;
    if (!format) {
      const where = { ...(options.fileName === undefined ? {} : { file: options.fileName }), line: 1, column: 1 };
      if (sniffed.unsupported)
        throw new StatementParseError('UNSUPPORTED_MESSAGE', sniffed.unsupported, { location: where });
      const container = containerOf(head);
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        head.length === 0
          ? 'the file is empty; expected a camt.052/053/054 XML statement (or another supported format)'
          : container !== undefined
            ? `the file is ${container}`
            : `the file is not a statement format this tool reads; expected ISO 20022 camt.052, camt.053 or camt.054 XML (or another supported format), or name the format explicitly${unrecognisedFormatHint(head)}${encodingHint(head, options, effective)}`,
        { location: where },
      );
    }
    const parser = parserFor(format);
    if (!parser)
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        `no parser is registered for the format ${JSON.stringify(format)}`,
      );
    return parser.parse(peeked.chunks, effective);
  });
}

/** What the head of a source shows: the format, else why it is refused, if either is known yet. */
interface SniffedHead {
  /** The options the parser gets (`effectiveOptions`). */
  effective: ParseOptions;
  format: StatementFormat | undefined;
  /** Why a head that resembles a format is refused (camt.086); only when no format is recognised. */
  unsupported: string | undefined;
  /** A format or a reason was found: more bytes would change nothing. */
  decided: boolean;
}

function sniffHead(head: Buffer, startsWithString: boolean, options: ParseOptions): SniffedHead {
  const effective = effectiveOptions(head, startsWithString, options);
  // The head is sniffed as the parser will read it: in the encoding given, else as detected.
  const text = sniffText(head, effective.encoding);
  const format =
    options.format ??
    (options.csvProfile === undefined ? undefined : 'bank-csv') ??
    detectFormat(text) ??
    userCsvProfileFormat(text, options);
  const unsupported = format === undefined ? explainUnsupported(text) : undefined;
  return { effective, format, unsupported, decided: format !== undefined || unsupported !== undefined };
}

/**
 * The options the parser gets. A JavaScript string is decoded text (UTF-8 as bytes). Without
 * `encoding`, UTF-16 recognised from its bytes without a byte-order mark is read as if
 * `--encoding utf-16le` (or `utf-16be`) had been given, whatever the format; `encoding` wins.
 */
function effectiveOptions(head: Buffer, startsWithString: boolean, options: ParseOptions): ParseOptions {
  if (options.encoding !== undefined) return options;
  if (startsWithString) return { ...options, encoding: 'utf-8' };
  const detected = detectEncoding(head);
  return detected.source === 'pattern' ? { ...options, encoding: detected.encoding } : options;
}

/**
 * For an unrecognised file: that it was read as UTF-16 because its bytes look like it, or, when
 * it was read in another encoding, that its NUL bytes suggest UTF-16 (`--encoding utf-16le`).
 */
function encodingHint(head: Buffer, options: ParseOptions, effective: ParseOptions): string {
  const encoding = effective.encoding ?? detectEncoding(head).encoding;
  if (isWideUnicodeName(encoding))
    return options.encoding === undefined && effective.encoding !== undefined
      ? `; it was read as ${encoding.toUpperCase()} without a byte-order mark, as its first bytes suggest: if it is in another encoding, name it with --encoding`
      : '';
  const likely = utf16Likely(head);
  return likely === undefined
    ? ''
    : `; its NUL bytes look like ${likely.toUpperCase()} text without a byte-order mark: if it is, name the encoding with --encoding ${likely}`;
}

/** A user's own CSV profile (ParseOptions.csvProfiles) recognising the head. */
function userCsvProfileFormat(head: string, options: ParseOptions): StatementFormat | undefined {
  return options.csvProfiles !== undefined && detectCsvProfile(head, options.csvProfiles) !== undefined
    ? 'bank-csv'
    : undefined;
}

/** The first bytes as text for sniffing: decoded in `encoding` (`--encoding`) when it is one we know, else as `headText` guesses. */
function sniffText(head: Buffer, encoding: string | undefined): string {
  return (encoding === undefined ? undefined : decodeHead(head, encoding)) ?? headText(head);
}

export interface FileParseOptions extends ParseOptions {
  /**
   * Worker threads that read a large camt file alongside the calling thread (0, the default,
   * reads on this thread only). Records, issues and errors are the same either way; smaller
   * files and other formats are always read on one thread.
   */
  threads?: number;
  /** Told the number of bytes each time the parser moves on through the file, for progress. */
  onRead?: (bytes: number) => void;
  /**
   * With `threads`: stretches of the file handed out beyond three a thread, which the calling
   * thread reads itself while it waits for a thread (default 2). Each holds its entries, packed,
   * until the caller gets there: fewer save memory (about 1 MiB at peak each), at some speed (docs/cli.md).
   */
  readAheadFragments?: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
const loadParallel = (): typeof ParallelModule => require('./camt/parallel') as typeof ParallelModule;

/** Below this size a file is read on one thread: starting threads would cost more than they save. */
const PARALLEL_MIN_BYTES = 8 * 1024 * 1024;

/** Parses a file, streaming it from disk; `options.fileName` defaults to `path`. */
export function parseFile(path: string, options: FileParseOptions = {}): AsyncIterable<StatementRecord> {
  const { threads = 0, onRead, readAheadFragments, ...parseOptions } = options;
  const fileName = options.fileName ?? path;
  const sequential = (): AsyncIterable<StatementRecord> =>
    parseStream(readFileChunks(path, fileName, onRead), { ...parseOptions, fileName });
  if (threads < 1) return sequential();
  return deferred(async () => {
    const plan = await parallelPlan(path, fileName, parseOptions);
    if (!plan) return sequential();
    // Loaded only here: threads and the MessagePack codec cost every other start ~20 ms.
    return loadParallel().parseCamtFile(
      path,
      plan.size,
      { ...parseOptions, fileName, encoding: plan.encoding },
      { threads, ...(onRead ? { onRead } : {}), ...(readAheadFragments === undefined ? {} : { readAheadFragments }) },
    );
  });
}

/** Size and encoding of a file worth reading on several threads: a large camt file in an encoding it can be cut in. */
async function parallelPlan(
  path: string,
  fileName: string,
  options: ParseOptions,
): Promise<{ size: number; encoding: string } | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw ioError(fileName, error);
  }
  try {
    const { size } = await file.stat();
    if (size < PARALLEL_MIN_BYTES) return undefined;
    // Sniffed as `parseStream` sniffs the file's head: a head that names no format yet is read on.
    const readHead = async (bytes: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    };
    let head = await readHead(SNIFF_BYTES);
    let format = options.format ?? detectFormat(sniffText(head, options.encoding));
    if (format === undefined) {
      head = await readHead(SNIFF_LIMIT);
      format = detectFormat(sniffText(head, options.encoding));
    }
    if (!format?.startsWith('camt.')) return undefined;
    const encoding = options.encoding ?? detectEncoding(head).encoding;
    return splitsCleanly(encoding) ? { size, encoding } : undefined;
  } finally {
    await file.close();
  }
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

async function* readFileChunks(
  path: string,
  fileName: string,
  onRead: ((bytes: number) => void) | undefined,
): AsyncIterable<Buffer> {
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES })) {
      onRead?.((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } catch (error) {
    throw ioError(fileName, error);
  }
}

function ioError(fileName: string, error: unknown): StatementParseError {
  const reason =
    (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
  return new StatementParseError('IO_ERROR', `cannot read ${fileName}: ${reason}`, { cause: error });
}
