import { open, type FileHandle } from 'node:fs/promises';
import type sax from 'sax';
import { createDecoder, DECODE_BYTES, isUtf8Name, Windows1252Watch } from '../encoding';
import { ENTRY_DETAILS_PART, maxEntryDetails } from '../limits';
import { locateEncodingError, Utf8Check } from '../utf8-check';
import type { ParseOptions, StatementRecord } from '../types';
import { DocumentHandler } from './document-handler';
import { unpackEntries, type UnpackBatch } from './entry-transfer';
import { parseFragment, type FragmentJob, type FragmentResult } from './fragment';
import { FragmentPool, type FragmentRunner } from './fragment-pool';
import { headWarnings, windows1252Found } from './parser';
import { RecordPump } from './record-pump';
import { betweenTags, createSaxParser, endDocument, openTags, skipAhead, type OpenTag } from './sax-parser';

export interface ParallelCamtOptions {
  /** Threads that read fragments while this one reads the rest and hands out records. */
  threads: number;
  /** Size a fragment grows to; the first ones are smaller so the threads start early. Default 1 MiB. */
  fragmentBytes?: number;
  /** Bytes this thread reads at a time (default `DECODE_BYTES`: the entries of one read are few, and threads start early). */
  readBytes?: number;
  /** Where fragments are read; by default a pool of `threads` worker threads. */
  runFragment?: FragmentRunner;
  /**
   * Told about each fragment when the reader reaches it: its result and whether its entries were
   * taken, or no result when no thread had started it and the reader read the stretch itself.
   */
  onFragment?: (result: FragmentResult | undefined, taken: boolean) => void;
  /** Bytes of the file passed, read here or taken from a fragment. */
  onRead?: (bytes: number) => void;
  /** Fragments planned beyond three a thread, for this thread to read while it waits (default 2; see `FileParseOptions`). */
  readAheadFragments?: number;
}

const SCAN_BYTES = 64 * 1024;
/** How far past its planned end a fragment's closing entry tag is looked for before the rest of the file becomes one fragment. */
const SCAN_LIMIT = 4 * 1024 * 1024;
/** Fragments planned ahead of the reader per thread: how far a thread may run ahead, and the results held meanwhile. */
const AHEAD_PER_THREAD = 3;
/**
 * Fragments planned beyond those by default, for the reader to read ahead while it waits
 * (`readAhead`): without them a thread ran out of fragments while the reader read one of its
 * three. The 50 MB dense camt.053, one reading thread, five alternations each: sorted 5.62–6.31 s
 * against 6.14–6.74 s; eight fragments ahead were no faster than five. On the 1 GB file the two
 * cost `--streaming` 1.3–2.0 MiB at peak (once 5.5), one 0.1–1.2 MiB: it plans one (docs/cli.md).
 */
const READ_AHEAD_FRAGMENTS = 2;

interface PlannedFragment {
  job: FragmentJob;
  start: number;
  end: number;
  result: Promise<FragmentResult | undefined>;
  claim(): boolean;
  /** Unpacks the entry batches of `result` (packed on the thread that read it). */
  unpack: UnpackBatch;
  /** Whether `result` has settled (a thread answered). */
  settled: boolean;
  /** What this thread read of it ahead, while it waited for a thread's fragment nearer to it. */
  readAhead?: FragmentResult | undefined;
}

/**
 * Reads a camt file on several threads. This thread reads the document as `parseCamt` does;
 * once the first entry shows which elements enclose entries, the file ahead is cut just after
 * entry end tags into fragments that worker threads read meanwhile, nearest first. Arriving at
 * a fragment no thread has started (the threads fell behind), this thread claims it and reads it
 * itself with the same fragment reader; arriving at one a thread is still reading, it reads the
 * next unstarted fragment ahead rather than wait idle; once a thread has read the one it
 * arrived at, it checks that it really stands between
 * two entries of a statement (the cut could lie in a comment, or between statements) and then
 * takes the fragment's entries over and jumps past them; otherwise it reads the stretch itself.
 * Fragments stop at anything but plain entries, so balances, statement ends and every issue are
 * met here, in order: the records, issues and errors are the ones the sequential parser gives.
 */
export function parseCamtFile(
  path: string,
  size: number,
  options: ParseOptions & { encoding: string },
  parallel: ParallelCamtOptions,
): AsyncIterable<StatementRecord> {
  return { [Symbol.asyncIterator]: () => new ParallelCamtRecords(path, size, options, parallel) };
}

class ParallelCamtRecords extends RecordPump {
  private readonly parser: sax.SAXParser;
  private readonly decoder;
  /** UTF-8 is checked as in sequential reading (fragments stop at undecodable bytes, leaving them to this reader). */
  private readonly utf8: Utf8Check | undefined;
  /** Bytes read as windows-1252 (an ISO-8859-1 or US-ASCII label): the first is reported, as sequential reading reports it. */
  private readonly relabelled: Windows1252Watch;
  private headChecked = false;
  private file: FileHandle | undefined;
  private readonly buffer: Buffer;
  /** Where `findCut` reads ahead for entry end tags; one per reader, reused for every cut. */
  private readonly scanWindow = Buffer.allocUnsafe(SCAN_BYTES);
  private position = 0;
  private readonly fragments: PlannedFragment[] = [];
  private context: readonly OpenTag[] | undefined;
  private endTag: Buffer | undefined;
  /** Where the next fragment starts (just after an entry end tag), -1 when the file is planned to its end. */
  private nextCut = -1;
  /** A scan found no entry end tag before this offset; the next one starts there. */
  private noCutBefore = 0;
  private fragmentBytes: number;
  private pool: FragmentPool | undefined;
  private readonly runFragment: FragmentRunner;
  /** A taken fragment's entry batches not yet handed out: unpacked one per `fill`, so few entries live at a time. */
  private adopting:
    { batches: Uint8Array[]; next: number; line: number; column: number; unpack: UnpackBatch } | undefined;

  constructor(
    private readonly path: string,
    private readonly size: number,
    private readonly options: ParseOptions & { encoding: string },
    private readonly parallel: ParallelCamtOptions,
  ) {
    super(new DocumentHandler(options));
    this.parser = createSaxParser(this.handler, options.fileName);
    this.decoder = createDecoder(options.encoding);
    this.utf8 = isUtf8Name(options.encoding) ? new Utf8Check() : undefined;
    this.relabelled = new Windows1252Watch(
      options.encoding,
      windows1252Found(this.parser, this.handler, options.encoding, options.fileName),
    );
    this.buffer = Buffer.allocUnsafe(parallel.readBytes ?? DECODE_BYTES);
    this.fragmentBytes = Math.min(256 * 1024, this.maxFragmentBytes);
    this.runFragment = parallel.runFragment ?? ((job) => (this.pool ??= new FragmentPool(parallel.threads)).run(job));
    this.handler.onFirstEntry = () => {
      const tags = openTags(this.parser);
      this.context = tags.slice(0, -1).map((tag) => ({ name: tag.name, attributes: { ...tag.attributes } }));
      this.endTag = Buffer.from(`</${(tags[tags.length - 1] as OpenTag).name}>`, 'latin1');
    };
  }

  private get maxFragmentBytes(): number {
    return this.parallel.fragmentBytes ?? 1024 * 1024;
  }

  protected async fill(): Promise<StatementRecord[]> {
    this.file ??= await open(this.path, 'r');
    if (!this.headChecked) {
      this.headChecked = true;
      const head = Buffer.alloc(Math.min(1024, this.size));
      await this.file.read(head, 0, head.length, 0);
      headWarnings(head, this.options.encoding, this.handler, this.options.fileName);
    }
    if (this.adopting) return this.adoptBatch(this.adopting);
    const fragment = this.fragments[0];
    if (fragment && this.position === fragment.start) {
      this.fragments.shift();
      if (fragment.readAhead !== undefined) {
        this.takeOver(fragment.readAhead, unpackEntries, false);
      } else if (fragment.claim()) {
        // No thread started it: read here, with the fragment reader (saxes), which is faster than
        // sax and leaves anything unusual to sax just the same.
        this.parallel.onFragment?.(undefined, false);
        this.takeOver(parseFragment(fragment.job), unpackEntries, false);
      } else {
        if (!fragment.settled) this.readAhead();
        const result = await fragment.result;
        this.takeOver(result, fragment.unpack, true);
      }
    } else {
      await this.read(fragment ? fragment.start : this.size);
    }
    if (this.context && this.nextCut !== -1) await this.plan();
    return this.handler.drain();
  }

  protected async release(): Promise<void> {
    this.fragments.length = 0;
    this.adopting = undefined;
    const { file, pool } = this;
    this.file = undefined;
    this.pool = undefined;
    await Promise.all([file?.close(), pool?.close()]);
  }

  /** Reads and parses the next chunk, never past `limit` (the next fragment's start). */
  private async read(limit: number): Promise<void> {
    const { bytesRead } = await (this.file as FileHandle).read(
      this.buffer,
      0,
      Math.min(this.buffer.length, limit - this.position),
      this.position,
    );
    if (bytesRead === 0) {
      this.finished = true;
      if (this.utf8?.endsCut()) this.notUtf8();
      const rest = this.decoder.end();
      if (rest) this.parser.write(rest);
      endDocument(this.parser, this.handler);
      return;
    }
    this.position += bytesRead;
    const bytes = this.buffer.subarray(0, bytesRead);
    const bad = this.utf8 ? this.utf8.write(bytes) : -1;
    const text = this.decoder.write(bad < 0 ? bytes : bytes.subarray(0, bad));
    this.relabelled.check(bytes, text);
    this.parser.write(text);
    if (bad >= 0) this.notUtf8();
    this.parallel.onRead?.(bytesRead);
    // Past the planned fragments (a statement ended, say), look for entries to cut again.
    if (this.context && this.nextCut === -1 && this.fragments.length === 0 && this.position >= this.noCutBefore) {
      this.nextCut = await this.findCut(this.position);
      if (this.nextCut === -1) this.noCutBefore = this.position + SCAN_LIMIT;
    }
  }

  /** Bytes that are not UTF-8 in a UTF-8 file: an error where sax stands, which is just before them. */
  private notUtf8(): never {
    const file = this.options.fileName;
    throw locateEncodingError((this.utf8 as Utf8Check).error(), () => ({
      ...(file === undefined ? {} : { file }),
      line: this.parser.line + 1,
      column: this.parser.column + 1,
    }));
  }

  /**
   * A thread is still reading the fragment this thread needs next: rather than wait idle, read
   * the nearest later fragment no thread has started (claimed, so none will), and keep its
   * entries, packed, for when the reader gets there. Reading rows and their fragments then share
   * the threads evenly, whichever side is slower.
   */
  private readAhead(): void {
    for (const later of this.fragments) {
      if (later.readAhead !== undefined) continue;
      if (!later.claim()) continue;
      this.parallel.onFragment?.(undefined, false);
      later.readAhead = parseFragment(later.job);
      return;
    }
  }

  /** At a fragment's start: take its entries if this really is a place between entries. */
  private takeOver(result: FragmentResult | undefined, unpack: UnpackBatch, report: boolean): void {
    const depth = (this.context as readonly OpenTag[]).length;
    const taken =
      result !== undefined && result.count > 0 && this.handler.betweenEntries(depth) && betweenTags(this.parser);
    if (result && report) this.parallel.onFragment?.(result, taken);
    if (!taken) return;
    const { line, column } = this.parser;
    this.adopting = { batches: result.entries, next: 0, line: line + 1, column, unpack };
    skipAhead(this.parser, result.lines, result.column, result.chars);
    this.parallel.onRead?.(result.stop - this.position);
    this.position = result.stop;
  }

  private adoptBatch(adopting: NonNullable<typeof this.adopting>): StatementRecord[] {
    const batch = adopting.batches[adopting.next++] as Uint8Array;
    if (adopting.next === adopting.batches.length) this.adopting = undefined;
    this.handler.adoptEntries(adopting.unpack(batch), adopting.line, adopting.column);
    return this.handler.drain();
  }

  /** Cuts fragments ahead of the reader and hands them to the threads, keeping a few in flight. */
  private async plan(): Promise<void> {
    const ahead = AHEAD_PER_THREAD * this.parallel.threads + (this.parallel.readAheadFragments ?? READ_AHEAD_FRAGMENTS);
    while (this.nextCut !== -1 && this.fragments.length < ahead) {
      const start = this.nextCut;
      const after = await this.findCut(start + this.fragmentBytes);
      const end = after === -1 ? this.size : after;
      this.nextCut = after;
      this.fragmentBytes = Math.min(2 * this.fragmentBytes, this.maxFragmentBytes);
      const job: FragmentJob = {
        path: this.path,
        ...(this.options.fileName === undefined ? {} : { fileName: this.options.fileName }),
        encoding: this.options.encoding,
        start,
        end,
        context: this.context as readonly OpenTag[],
        ...(this.options.maxFieldSize === undefined ? {} : { maxFieldSize: this.options.maxFieldSize }),
        ...(this.options.maxEntryDetails === undefined ? {} : { maxEntryDetails: this.options.maxEntryDetails }),
        ...(this.options.streamEntryDetails === true
          ? { partDetails: Math.min(ENTRY_DETAILS_PART, maxEntryDetails(this.options)) }
          : {}),
      };
      const ticket = this.runFragment(job);
      // A failed fragment is simply not taken: the reader reads its stretch itself.
      const planned: PlannedFragment = {
        job,
        start,
        end,
        result: ticket.result.catch(() => undefined),
        claim: () => ticket.claim(),
        unpack: ticket.unpack ?? unpackEntries,
        settled: false,
      };
      void planned.result.then(() => (planned.settled = true));
      this.fragments.push(planned);
    }
  }

  /** The offset just after the first entry end tag at or after `from`, or -1 when there is none near. */
  private async findCut(from: number): Promise<number> {
    const tag = this.endTag as Buffer;
    const window = this.scanWindow;
    for (let at = from; at < this.size && at < from + SCAN_LIMIT; at += SCAN_BYTES - tag.length) {
      const { bytesRead } = await (this.file as FileHandle).read(window, 0, SCAN_BYTES, at);
      const found = window.subarray(0, bytesRead).indexOf(tag);
      if (found >= 0) return at + found + tag.length;
      if (bytesRead < SCAN_BYTES) break;
    }
    return -1;
  }
}
