import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

export interface FallbackHooks {
  onFallback(error: unknown): void;
  onRecovered(): void;
}

/**
 * A rate-limit store that uses `primary` (Redis) and, for as long as it fails, `fallback`
 * (this instance's memory), so a request is limited per instance rather than stalled or
 * refused. A primary that failed to initialise (Redis down at start-up) is initialised
 * again on the next request.
 */
export class FallbackStore implements Store {
  private options: Options | undefined;
  private initialised: Promise<void> | undefined;

  constructor(
    private readonly primary: Store,
    private readonly fallback: Store,
    private readonly hooks: FallbackHooks,
  ) {}

  init(options: Options): void {
    this.options = options;
    void this.fallback.init?.(options);
    this.initialised = this.initPrimary();
    // Redis down at start-up: the first request retries; no unhandled rejection meanwhile.
    this.initialised.catch(() => undefined);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.attempt((store) => store.get?.(key) ?? Promise.resolve(undefined));
  }

  async increment(key: string): Promise<IncrementResponse> {
    return this.attempt((store) => store.increment(key));
  }

  async decrement(key: string): Promise<void> {
    await this.attempt((store) => store.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.attempt((store) => store.resetKey(key));
  }

  private async attempt<T>(operation: (store: Store) => Promise<T> | T): Promise<T> {
    try {
      this.initialised ??= this.initPrimary();
      await this.initialised;
      const result = await operation(this.primary);
      this.hooks.onRecovered();
      return result;
    } catch (error) {
      this.hooks.onFallback(error);
      return operation(this.fallback);
    }
  }

  private initPrimary(): Promise<void> {
    if (this.options === undefined) return Promise.resolve();
    const started = Promise.resolve(this.primary.init?.(this.options));
    // Forget a failed initialisation so that the next request tries again.
    return started.catch((error: unknown) => {
      this.initialised = undefined;
      throw error;
    });
  }
}
