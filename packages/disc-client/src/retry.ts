import { backoffDelayMs, isRetryableStatus, parseRetryAfter } from '@fin/retry';

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 turns retrying off. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the error is returned at once
   * (default 30 000 ms, so an hour-long rate-limit window fails fast). */
  maxDelayMs?: number;
  /** Wait without Retry-After: up to baseDelayMs × 2^attempt, full jitter (default 500 ms). */
  baseDelayMs?: number;
  /** How to wait (tests, custom schedulers); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

/** The retryable statuses of @fin/retry at which the server did not act on the request: 408,
 * 425, 429 and 503. Another 5xx is not retried: the request (a POST) may have taken effect. */
function retried(status: number): boolean {
  return isRetryableStatus(status) && (status < 500 || status === 503);
}

/**
 * A fetch that retries 408, 425, 429 and 503 answers, bounded: at most `maxRetries` more attempts,
 * each after the server's Retry-After (or an exponential backoff when it gives none), and
 * never a wait longer than `maxDelayMs`. Any other answer, and network errors, pass through.
 */
export function retryingFetch(
  inner: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 3;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      // A body can be sent once: every attempt sends a copy.
      const response = await inner(request.clone());
      if (!retried(response.status) || attempt >= maxRetries) return response;
      const advised = parseRetryAfter(response.headers.get('retry-after'));
      const delayMs = advised ?? backoffDelayMs(attempt + 1, { baseDelayMs, maxDelayMs, jitter: 'full' });
      if (delayMs > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delayMs);
    }
  };
}
