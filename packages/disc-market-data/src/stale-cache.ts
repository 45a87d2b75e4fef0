/**
 * A cache with a time to live that keeps expired values as a fallback: when a refresh
 * fails, the last good value is served, marked stale with its age, and the error is kept
 * so the caller can say why. Concurrent loads of one key share one request.
 */
export interface Cached<T> {
  value: T;
  /** Epoch ms at which the value was fetched. */
  fetchedAt: number;
  /** True when a refresh failed and this is an older value. */
  stale: boolean;
  /** Why the refresh failed (present when stale). */
  error?: unknown;
}

export interface StaleCacheOptions {
  ttlMs: number;
  /** After a failed refresh, the stale value is served without asking the source again for
   * this long, so a down source does not cost every caller a round of retries. Default
   * min(ttlMs, 60 s). */
  failureCooldownMs?: number;
  /** Epoch ms; injected in tests. */
  now?: () => number;
}

export class StaleCache {
  private readonly entries = new Map<
    string,
    { value: unknown; fetchedAt: number; failedAt?: number; error?: unknown }
  >();
  private readonly inFlight = new Map<string, Promise<Cached<unknown>>>();
  private readonly now: () => number;

  constructor(private readonly options: StaleCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A fresh cached value, else `load()`; on failure the stale value, else the error. */
  get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.fetchedAt < this.options.ttlMs) {
      return Promise.resolve({ value: hit.value as T, fetchedAt: hit.fetchedAt, stale: false });
    }
    const cooldown = this.options.failureCooldownMs ?? Math.min(this.options.ttlMs, 60_000);
    if (hit?.failedAt !== undefined && this.now() - hit.failedAt < cooldown) {
      return Promise.resolve({ value: hit.value as T, fetchedAt: hit.fetchedAt, stale: true, error: hit.error });
    }
    let pending = this.inFlight.get(key) as Promise<Cached<T>> | undefined;
    if (!pending) {
      pending = this.refresh(key, load).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Age in ms of the value stored under `key`, if any. */
  ageOf(key: string): number | undefined {
    const hit = this.entries.get(key);
    return hit ? this.now() - hit.fetchedAt : undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  private async refresh<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    try {
      const value = await load();
      const fetchedAt = this.now();
      this.entries.set(key, { value, fetchedAt });
      return { value, fetchedAt, stale: false };
    } catch (error) {
      const old = this.entries.get(key);
      if (!old) throw error;
      old.failedAt = this.now();
      old.error = error;
      return { value: old.value as T, fetchedAt: old.fetchedAt, stale: true, error };
    }
  }
}
