import { createHash } from 'node:crypto';

/**
 * A set of transaction ids kept as 64-bit hashes in typed arrays (open addressing, linear
 * probing): 8 bytes per slot at most 75 % full, whatever the length of the ids or of the rows
 * they stand for. The table is cut into 64 shards by the top bits of the hash, each growing on
 * its own, so growing never holds two copies of the whole table: a million ids take 11 to 22 MiB.
 *
 * Two ids that hash alike would count as one: with 64 bits the chance is about n² / 2⁶⁵, one in
 * 370 000 for ten million ids.
 */
export class TransactionIdSet {
  /** Made on first use: a set per booking day (`TransactionIds`) often holds a handful of ids. */
  private readonly shards: (IdTable | undefined)[] = new Array<IdTable | undefined>(SHARDS).fill(undefined);
  /** The shards given an id since the last `clear`, which visits only these (a day's set often holds one id). */
  private readonly filled: number[] = [];
  private readonly perShard: number;

  constructor(capacity = 1024) {
    this.perShard = Math.ceil(capacity / SHARDS);
  }

  get size(): number {
    return this.shards.reduce((total, shard) => total + (shard?.count ?? 0), 0);
  }

  has(id: string): boolean {
    const [high, low] = hash64(id);
    return (this.shards[high >>> SHARD_SHIFT]?.find(high, low) ?? -1) >= 0;
  }

  /** Adds the id; `false` when it was already there. */
  add(id: string): boolean {
    const [high, low] = hash64(id);
    return this.addHash(high, low);
  }

  /**
   * Empties the set for reuse (a new booking day in `TransactionIds`). Tables that grew are
   * dropped, not kept: a reused set holds no more memory than a new one.
   */
  clear(): void {
    const { shards, filled } = this;
    for (const index of filled) if (shards[index]?.clear() === false) shards[index] = undefined;
    filled.length = 0;
  }

  /** Adds every id of another set (to remember what this run and the earlier ones wrote). */
  addAll(other: TransactionIdSet): this {
    for (const shard of other.shards) shard?.forEach((high, low) => this.addHash(high, low));
    return this;
  }

  /** The set as bytes: a magic line, the count, then 8 bytes per id (for a state file). */
  toBuffer(): Buffer {
    const out = Buffer.alloc(MAGIC.length + 4 + this.size * 8);
    out.write(MAGIC, 0, 'latin1');
    out.writeUInt32LE(this.size, MAGIC.length);
    let at = MAGIC.length + 4;
    for (const shard of this.shards) {
      shard?.forEach((high, low) => {
        out.writeUInt32LE(high, at);
        out.writeUInt32LE(low, at + 4);
        at += 8;
      });
    }
    return out;
  }

  /** Reads what `toBuffer` wrote; throws a plain Error naming what is wrong otherwise. */
  static fromBuffer(bytes: Buffer): TransactionIdSet {
    if (bytes.length < MAGIC.length + 4 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) {
      throw new Error(`not a transaction id state file (it does not start with ${JSON.stringify(MAGIC.trim())})`);
    }
    const count = bytes.readUInt32LE(MAGIC.length);
    if (bytes.length !== MAGIC.length + 4 + count * 8)
      throw new Error(
        `the state file is truncated: it announces ${count} ids but holds ${Math.floor((bytes.length - MAGIC.length - 4) / 8)}`,
      );
    const set = new TransactionIdSet(count);
    for (let at = MAGIC.length + 4; at < bytes.length; at += 8) {
      const high = bytes.readUInt32LE(at);
      set.addHash(high, bytes.readUInt32LE(at + 4));
    }
    return set;
  }

  private addHash(high: number, low: number): boolean {
    const index = high >>> SHARD_SHIFT;
    const shard = (this.shards[index] ??= new IdTable(this.perShard));
    if (!shard.add(high, low)) return false;
    if (shard.count === 1) this.filled.push(index);
    return true;
  }
}

const SHARDS = 64;
const SHARD_SHIFT = 26;

/** One shard: pairs of 32-bit words (high, low); (0, 0) marks an empty slot, so no key is ever (0, 0). */
class IdTable {
  private slots: Uint32Array;
  private readonly initialLength: number;
  count = 0;

  constructor(capacity: number) {
    this.slots = new Uint32Array(2 * powerOfTwoAtLeast(Math.ceil(capacity / 0.75)));
    this.initialLength = this.slots.length;
  }

  /** Empties the table if it never grew (and answers true); a grown one is left to be dropped. */
  clear(): boolean {
    if (this.slots.length !== this.initialLength) return false;
    if (this.count > 0) this.slots.fill(0);
    this.count = 0;
    return true;
  }

  add(high: number, low: number): boolean {
    if (this.find(high, low) >= 0) return false;
    if ((this.count + 1) * 4 > (this.slots.length / 2) * 3) this.grow();
    this.place(high, low);
    this.count++;
    return true;
  }

  find(high: number, low: number): number {
    const mask = this.slots.length / 2 - 1;
    for (let slot = (low ^ high) & mask; ; slot = (slot + 1) & mask) {
      const h = this.slots[2 * slot] as number;
      const l = this.slots[2 * slot + 1] as number;
      if (h === high && l === low) return slot;
      if (h === 0 && l === 0) return -1;
    }
  }

  forEach(visit: (high: number, low: number) => void): void {
    for (let i = 0; i < this.slots.length; i += 2) {
      const high = this.slots[i] as number;
      const low = this.slots[i + 1] as number;
      if (high !== 0 || low !== 0) visit(high, low);
    }
  }

  private place(high: number, low: number): void {
    const mask = this.slots.length / 2 - 1;
    let slot = (low ^ high) & mask;
    while (this.slots[2 * slot] !== 0 || this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    this.slots[2 * slot] = high;
    this.slots[2 * slot + 1] = low;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const high = old[i] as number;
      const low = old[i + 1] as number;
      if (high !== 0 || low !== 0) this.place(high, low);
    }
  }
}

const MAGIC = 'STMT-IDS 1\n';

function powerOfTwoAtLeast(n: number): number {
  let size = 16;
  while (size < n) size *= 2;
  return size;
}

/**
 * The 64 bits of a `transaction_id` (16 hex digits, already a SHA-256 prefix); the occurrence
 * suffix `-n` is mixed in. Any other text is hashed with SHA-1 first.
 */
function hash64(id: string): [number, number] {
  // The common case, a plain id of 16 hex digits, is read without a match or substrings.
  const high16 = id.length === 16 ? hexWord(id, 0) : -1;
  const low16 = high16 < 0 ? -1 : hexWord(id, 8);
  if (low16 >= 0) return high16 === 0 && low16 === 0 ? [0, 1] : [high16, low16];
  const match = TRANSACTION_ID.exec(id);
  const hex = match ? (match[1] as string) : createHash('sha1').update(id).digest('hex');
  let high = Number.parseInt(hex.slice(0, 8), 16);
  let low = Number.parseInt(hex.slice(8, 16), 16);
  const occurrence = match?.[2];
  if (occurrence !== undefined) {
    const mixed = mix32(Number(occurrence));
    high = (high ^ mixed) >>> 0;
    low = (low ^ mix32(mixed)) >>> 0;
  }
  if (high === 0 && low === 0) low = 1; // never (0, 0), the empty marker
  return [high, low];
}

const TRANSACTION_ID = /^([0-9a-f]{16})(?:-(\d+))?$/;

/** The 32-bit word of the 8 lower-case hex digits at `from`, or -1 when one is not such a digit. */
function hexWord(id: string, from: number): number {
  let word = 0;
  for (let at = from; at < from + 8; at++) {
    const code = id.charCodeAt(at);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (digit < 0) return -1;
    word = word * 16 + digit;
  }
  return word;
}

/** MurmurHash3's 32-bit finaliser: spreads a small counter over all bits. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
