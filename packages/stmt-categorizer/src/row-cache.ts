import { LRUCache } from 'lru-cache';

/** Lookups per measuring window, and windows skipped after one with too few hits. */
const WINDOW = 4_096;
const PAUSE_WINDOWS = 15;
/** Below this hit rate the cache costs more (keys, inserts, evictions, old-generation garbage) than it saves. */
const MIN_HIT_RATE = 1 / 8;

/**
 * A bounded LRU of per-row results that switches itself off while it does not pay. Statements
 * repeat rows (rent, subscriptions, salary) but many remittance texts carry an invoice or
 * order number that makes every row unique; there every lookup misses and every insert evicts.
 * After a window of lookups with a hit rate under 1/8 the cache empties and pauses for 15
 * windows, then measures again, so a file that turns repetitive later still gets the benefit.
 */
export class RowCache<V> {
  private readonly entries: LRUCache<string, { value: V }>;
  private lookups = 0;
  private hits = 0;
  private paused = 0;

  constructor(max: number) {
    this.entries = new LRUCache({ max });
  }

  /** False while paused; each call while paused counts one row towards the end of the pause. */
  active(): boolean {
    if (this.paused === 0) return true;
    this.paused -= 1;
    return false;
  }

  get(key: string): { value: V } | undefined {
    const found = this.entries.get(key);
    this.lookups += 1;
    if (found) this.hits += 1;
    if (this.lookups === WINDOW) {
      if (this.hits < WINDOW * MIN_HIT_RATE) {
        this.paused = WINDOW * PAUSE_WINDOWS;
        // Rows that did not repeat within a window are unlikely to later; their memory is better freed.
        this.entries.clear();
      }
      this.lookups = 0;
      this.hits = 0;
    }
    return found;
  }

  set(key: string, value: V): void {
    this.entries.set(key, { value });
  }

  clear(): void {
    this.entries.clear();
  }
}
