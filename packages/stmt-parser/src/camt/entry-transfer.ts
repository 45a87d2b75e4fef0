import { addExtension, Packr, Unpackr } from 'msgpackr';
import { Decimal } from '../decimal';
import type { Entry } from '../types';

/**
 * Entries cross a thread boundary as MessagePack (msgpackr with records). A Decimal travels as
 * its exact text under an extension type and is parsed back on arrival, printing and adding up
 * exactly as the original did (the text keeps the scale).
 */
const DECIMAL_EXTENSION = 0x44; // 'D'
addExtension({
  Class: Decimal,
  type: DECIMAL_EXTENSION,
  write: (decimal: Decimal) => decimal.toString(),
  read: (text: string) => Decimal.parse(text),
});

/**
 * The key lists of the object shapes (msgpackr's record structures) a thread's packer has named,
 * in the order of their ids. A thread names each shape once for its whole life: a batch refers
 * to it by id, and the thread that unpacks the batch must know the shapes named up to then
 * (`EntryUnpacker.learn`). A shape named in each batch costs the unpacking thread a reader
 * compiled per shape and batch: 26,000 entries of the dense bench file in batches of 64
 * unpacked in 30–73 ms that way, in 18–22 ms with shapes named once. Up to 32 shapes are shared
 * (msgpackr's default); an entry of any other shape carries its shape in its batch.
 */
export type EntryShapes = string[][];

/** Unpacks one batch of entries. */
export type UnpackBatch = (batch: Uint8Array) => Entry[];

const RECORDS = { useRecords: true, moreTypes: false } as const;

/** This thread's shapes, filled in by its packer (msgpackr keeps the array it is given). */
const shapes: EntryShapes = [];
const packr = new Packr({ ...RECORDS, structures: shapes });

export function packEntries(entries: readonly Entry[]): Uint8Array {
  return packr.pack(entries);
}

/** Entries `packEntries` packed on this thread. */
export function unpackEntries(bytes: Uint8Array): Entry[] {
  return checked(packr.unpack(bytes));
}

/** A copy of the shapes this thread has named, if it has named more than `known`; else undefined. */
export function namedShapes(known: number): EntryShapes | undefined {
  return shapes.length > known ? shapes.map((keys) => [...keys]) : undefined;
}

/** Unpacks the batches another thread packed, knowing the shapes it announced. */
export class EntryUnpacker {
  private known: EntryShapes = [];
  // msgpackr asks for the shapes when it meets an id it does not know, and keeps the readers it
  // compiled for those it knew.
  private readonly unpackr = new Unpackr({ ...RECORDS, getStructures: () => this.known });

  /** The other thread's shapes (`namedShapes`), learned before any batch that uses them is unpacked. */
  learn(announced: EntryShapes): void {
    if (announced.length > this.known.length) this.known = announced;
  }

  unpack(bytes: Uint8Array): Entry[] {
    let unpacked: unknown;
    try {
      unpacked = this.unpackr.unpack(bytes);
    } catch (error) {
      throw notUnpacked(error instanceof Error ? error.message : String(error));
    }
    return checked(unpacked);
  }
}

/** A shape missed can turn an entry into a number rather than fail: refuse that rather than build rows of it. */
function checked(unpacked: unknown): Entry[] {
  if (!Array.isArray(unpacked) || unpacked.some((entry) => typeof entry !== 'object' || entry === null))
    throw notUnpacked('a record shape it names is unknown');
  return unpacked as Entry[];
}

function notUnpacked(why: string): Error {
  return new Error(`a batch of entries from a parsing thread did not unpack (${why})`);
}
