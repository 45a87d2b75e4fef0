/**
 * Keeps the k items with the highest key in O(n log k) without sorting the universe: a
 * binary min-heap whose root is the weakest item kept. Ties keep the earlier item, so the
 * result does not depend on heap internals.
 */
export class TopK<T> {
  private readonly heap: { key: number; seq: number; item: T }[] = [];
  private seq = 0;

  constructor(private readonly k: number) {}

  offer(key: number, item: T): void {
    if (this.k <= 0) return;
    const entry = { key, seq: this.seq++, item };
    if (this.heap.length < this.k) {
      this.heap.push(entry);
      this.up(this.heap.length - 1);
    } else if (this.better(entry, this.heap[0]!)) {
      this.heap[0] = entry;
      this.down(0);
    }
  }

  /** Would an item with this key be kept? Lets callers skip expensive work early. */
  admits(key: number): boolean {
    return this.k > 0 && (this.heap.length < this.k || key > this.heap[0]!.key);
  }

  /** Kept items, best first. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => b.key - a.key || a.seq - b.seq).map((e) => e.item);
  }

  /** a ranks above b: higher key, or same key and offered earlier. */
  private better(a: { key: number; seq: number }, b: { key: number; seq: number }): boolean {
    return a.key > b.key || (a.key === b.key && a.seq < b.seq);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.better(h[parent]!, h[i]!)) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.better(h[worst]!, h[l]!)) worst = l;
      if (r < h.length && this.better(h[worst]!, h[r]!)) worst = r;
      if (worst === i) return;
      [h[worst], h[i]] = [h[i]!, h[worst]!];
      i = worst;
    }
  }
}
