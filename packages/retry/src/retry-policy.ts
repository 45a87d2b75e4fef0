/**
 * When to retry a request and how long to wait, for every client of the repository (market
 * data, the AI categorizer, @disc/client) and the delay schedule of webhook deliveries.
 *
 * Retryable: a network error or timeout (no status), 408 Request Timeout, 425 Too Early,
 * 429 Too Many Requests and any 5xx. Any other status is an answer that another try would
 * repeat. A server's `Retry-After` (RFC 9110 §10.2.3) is honoured as the minimum wait.
 *
 * Waits grow exponentially, capped, with jitter (AWS Architecture Blog, "Exponential Backoff
 * and Jitter"): `full` jitter waits a random time in [0, ceiling); `equal` jitter waits half
 * the ceiling plus a random time in [0, ceiling / 2].
 */
export type Jitter = 'full' | 'equal';

export interface RetryPolicy {
  /** Retries after the first attempt (0 = try once). */
  retries: number;
  /** Base of the exponential backoff, in ms: the ceiling of retry n is base × 2^(n−1). */
  baseDelayMs: number;
  /** Upper bound of any single wait, in ms, including a server's Retry-After. */
  maxDelayMs: number;
  /** Default `full`. */
  jitter?: Jitter;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  jitter: 'full',
});

/** True for the statuses worth retrying; `undefined` is a network error or timeout. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 425 || status === 429 || status >= 500;
}

/** The exponential backoff of retry number `attempt` (1-based), jittered; `random` is in [0, 1). */
export function backoffDelayMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'jitter'>,
  random: number = Math.random(),
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return (policy.jitter ?? 'full') === 'full'
    ? Math.floor(random * ceiling)
    : Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/**
 * Milliseconds to wait before retry number `attempt` (1-based). `random` is in [0, 1).
 * The result is at least the server's Retry-After and at most `maxDelayMs`.
 */
export function retryDelayMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'jitter'>,
  retryAfterMs?: number,
  random: number = Math.random(),
): number {
  return Math.min(policy.maxDelayMs, Math.max(backoffDelayMs(attempt, policy, random), retryAfterMs ?? 0));
}

/** Parses a Retry-After header: delay-seconds or an HTTP date, in ms. Undefined when absent or bad. */
export function parseRetryAfter(header: unknown, nowMs: number = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * For retries kept in a database (webhook deliveries): the delay in ms after `attemptsMade`
 * failed attempts, the schedule's step (seconds) varied by ±`jitterFraction`, so that the
 * retries of many deliveries that failed together do not all come back in the same second.
 * Undefined when the schedule is used up.
 */
export function scheduledDelayMs(
  attemptsMade: number,
  schedule: readonly number[],
  jitterFraction: number,
  random: number = Math.random(),
): number | undefined {
  const base = schedule[attemptsMade - 1];
  if (base === undefined || attemptsMade < 1) return undefined;
  return Math.round(base * 1000 * (1 - jitterFraction + 2 * jitterFraction * random));
}
