/**
 * When to retry a provider request and how long to wait: only throttling (429), server
 * errors (5xx) and network failures are worth another try; a 4xx other than 429 is an
 * answer. Waits grow exponentially with full jitter (AWS Architecture Blog, "Exponential
 * Backoff and Jitter"), and a server's `Retry-After` (RFC 9110 §10.2.3) is honoured as the
 * minimum wait.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = try once). */
  retries: number;
  /** Base of the exponential backoff, in ms. */
  baseDelayMs: number;
  /** Upper bound of any single wait, in ms, including a server's Retry-After. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 });

/** True for the statuses worth retrying; `undefined` is a network error or timeout. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `attempt` (1-based). `random` is in [0, 1).
 * The result is at least the server's Retry-After and at most `maxDelayMs`.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, retryAfterMs?: number, random: number = Math.random()): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.floor(random * ceiling);
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** Parses a Retry-After header: delay-seconds or an HTTP date. Undefined when absent or bad. */
export function parseRetryAfter(header: unknown, nowMs: number): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
