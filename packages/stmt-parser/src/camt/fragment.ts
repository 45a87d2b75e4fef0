import { closeSync, openSync, readSync } from 'node:fs';
import { createDecoder, DECODE_BYTES, indexOfWindows1252Byte, isUtf8Name, windows1252Bytes } from '../encoding';
import { Utf8Check } from '../utf8-check';
import type { Entry, StatementRecord } from '../types';
import { DocumentHandler } from './document-handler';
import { packEntries } from './entry-transfer';
import { FragmentTokenizer, Stop } from './fragment-tokenizer';
import type { OpenTag } from './sax-parser';

/** A stretch of a camt file that holds whole `<Ntry>` elements of one statement, to be read on another thread. */
export interface FragmentJob {
  path: string;
  fileName?: string;
  /** A byte-per-character encoding or UTF-8 (see `splitsCleanly`). */
  encoding: string;
  /** Byte offsets; `start` is just after an entry's end tag. */
  start: number;
  end: number;
  /** The start tags around the entries, outermost first, as they were open at the document's first entry. */
  context: readonly OpenTag[];
  /** The document's limits (`ParseOptions`), so a fragment refuses what the document reader would. */
  maxFieldSize?: number;
  maxEntryDetails?: number;
  /**
   * With `streamEntryDetails`, the document reader hands out an entry of this many transaction
   * details or more in parts: the fragment stops before such an entry, leaving it to that reader.
   */
  partDetails?: number;
  /** Bytes read and decoded at a time (default `DECODE_BYTES`); tests make it small to cut characters in two. */
  readBytes?: number;
}

/**
 * What a fragment yielded. It is read under an assumption — that the text at `start` sits
 * between two entries of a statement enclosed by `context` — which the thread reading the
 * document checks when it gets there; only then are the entries taken over.
 */
export interface FragmentResult {
  start: number;
  /** Byte offset just after the last entry taken; `start` when none was. */
  stop: number;
  /** The entries from `start` to `stop` in batches, as `packEntries` writes them. */
  entries: Uint8Array[];
  count: number;
  /** From `start` to `stop`, as sax counts them: newlines, characters after the last newline, characters. */
  lines: number;
  column: number;
  chars: number;
  /** Why the fragment ended before `end`, if it did: it then leaves the rest to the document's own reader. */
  stoppedBy?: string;
}

const BATCH_ENTRIES = 64;

/**
 * Reads the entries of a fragment. It stops at the first thing that is not a plain entry —
 * another statement child (`<Bal>`), the statement's end, an entry with any issue, malformed
 * XML — and answers the entries before it, so everything unusual is met again, and reported,
 * by the reader of the whole document.
 */
export function parseFragment(job: FragmentJob): FragmentResult {
  const depth = job.context.length;
  let issues = 0;
  const { maxFieldSize, partDetails } = job;
  // An entry the document reader hands out in parts stops the fragment: at its last detail, or
  // (past the limit) at the one after it.
  const maxEntryDetails = partDetails ?? job.maxEntryDetails;
  const limits = {
    ...(maxFieldSize === undefined ? {} : { maxFieldSize }),
    ...(maxEntryDetails === undefined ? {} : { maxEntryDetails }),
  };
  const handler = new DocumentHandler({
    ...(job.fileName === undefined ? {} : { fileName: job.fileName }),
    ...limits,
    onIssue: () => void issues++,
  });
  handler.detachText = false;
  // Entries are packed in small batches as they complete, so a heap holds bytes, not thousands
  // of entry objects (which the young generation would copy over and over).
  const batches: Uint8Array[] = [];
  let batch: Entry[] = [];
  let count = 0;
  // The last entry boundary: characters, lines and column from the start, and its byte offset
  // once the chunk it lies in is done (-1 until then).
  const boundary = { chars: 0, lines: 0, column: 0, byte: job.start };
  let stoppedBy: string | undefined;
  try {
    const tokenizer = new FragmentTokenizer(handler, job.context);
    if (!handler.betweenEntries(depth)) throw new Stop('a context that opens no statement');
    handler.drain();
    issues = 0;
    tokenizer.onOpen = (name) => {
      if (handler.stack.depth === depth && localName(name) !== 'Ntry') throw new Stop(`<${name}>`);
    };
    tokenizer.beforeClose = () => {
      if (handler.stack.depth === depth) throw new Stop(`</${handler.stack.name()}>`);
    };
    tokenizer.onClose = () => {
      if (handler.stack.depth !== depth) return;
      if (issues > 0) throw new Stop('an entry with issues');
      const records = handler.drain();
      if (partDetails !== undefined && records.some((record) => inParts(record, partDetails)))
        throw new Stop('an entry read in parts');
      for (const record of records) {
        if (record.kind !== 'entry') continue;
        // Only the position travels: file and path are rebuilt where the entry is taken.
        const { line, column } = record.entry.location;
        record.entry.location = { line, column };
        batch.push(record.entry);
      }
      if (batch.length === BATCH_ENTRIES) {
        count += batch.length;
        batches.push(packEntries(batch));
        batch = [];
      }
      const here = tokenizer.position();
      boundary.chars = here.chars;
      boundary.lines = here.lines;
      boundary.column = here.column;
      boundary.byte = -1;
    };
    stoppedBy = readRange(job, tokenizer, boundary);
  } catch (error) {
    stoppedBy = error instanceof Stop ? error.reason : error instanceof Error ? error.message : String(error);
  }
  // Entries are taken at their end tag, where the boundary moves too; the byte offset of the
  // last boundary is always known here, because every chunk settles it before the next one.
  if (batch.length > 0) batches.push(packEntries(batch));
  const result: FragmentResult = {
    start: job.start,
    stop: boundary.byte,
    entries: batches,
    count: count + batch.length,
    lines: boundary.lines,
    column: boundary.column,
    chars: boundary.chars,
  };
  if (stoppedBy !== undefined) result.stoppedBy = stoppedBy;
  return result;
}

/** Feeds `start`–`end` to the tokenizer chunk by chunk; answers why it stopped early, if it did. */
function readRange(
  job: FragmentJob,
  tokenizer: FragmentTokenizer,
  boundary: { chars: number; byte: number },
): string | undefined {
  const decoder = createDecoder(job.encoding);
  const utf8 = isUtf8Name(job.encoding);
  // Checked on the bytes, natively, before they are decoded: a replacement character would hide how many bytes it stood for.
  const check = utf8 ? new Utf8Check() : undefined;
  // ISO-8859-1 bytes read as windows-1252 are reported once, by the document reader: left to it.
  const relabelled = windows1252Bytes(job.encoding);
  const fd = openSync(job.path, 'r');
  const buffer = Buffer.allocUnsafe(job.readBytes ?? DECODE_BYTES);
  let position = job.start;
  let chunkChars = 0;
  let chunkByte = job.start;
  // A C1 control character (U+0080–U+009F) takes the bytes C2 80–C2 9F in UTF-8: a chunk without a
  // C2 byte (nor one carried over) holds none, and the tokenizer then looks for carriage returns only.
  let carried = false;
  // Bytes of a character the last chunk cut, which the decoder holds until the next.
  let held = 0;
  try {
    while (position < job.end) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, job.end - position), position);
      if (read === 0) return 'the end of the file';
      position += read;
      const bytes = buffer.subarray(0, read);
      if (check && check.write(bytes) >= 0) return 'undecodable bytes';
      if (relabelled && indexOfWindows1252Byte(bytes, relabelled) >= 0) return 'bytes read as windows-1252';
      const text = decoder.write(bytes);
      // The bytes `text` stands for, counted from the check rather than by encoding the text again.
      const heldBefore = held;
      held = check ? check.held() : 0;
      const textBytes = heldBefore + read - held;
      const mayHoldC1 = !utf8 || carried || bytes.includes(0xc2);
      carried = utf8 && bytes[read - 1] === 0xc2;
      try {
        tokenizer.write(text, mayHoldC1);
      } finally {
        // Settle the boundary's byte offset while this chunk's text is at hand, from the chunk's
        // end: the last entry boundary is usually near it, so little text is measured.
        if (boundary.byte < 0)
          boundary.byte = chunkByte + textBytes - byteLength(text.slice(boundary.chars - chunkChars), utf8);
      }
      chunkChars += text.length;
      chunkByte += textBytes;
    }
    return boundary.byte === job.end ? undefined : 'text after the last entry';
  } finally {
    closeSync(fd);
  }
}

function inParts(record: StatementRecord, partDetails: number): boolean {
  return record.kind === 'entry' && record.entry.details.length >= partDetails;
}

function byteLength(text: string, utf8: boolean): number {
  return utf8 ? Buffer.byteLength(text, 'utf8') : text.length;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
