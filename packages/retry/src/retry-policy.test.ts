import fc from 'fast-check';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  retryDelayMs,
  scheduledDelayMs,
} from '@fin/retry';

describe('retry policy', () => {
  it('retries timeouts, throttling, server errors and network failures only', () => {
    expect([429, 500, 502, 503, undefined].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([408, 425].map(isRetryableStatus)).toEqual([true, true]);
    expect([400, 401, 403, 404].map(isRetryableStatus)).toEqual([false, false, false, false]);
  });

  it('grows the backoff ceiling exponentially, with full jitter below it', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, policy, undefined, 0.999999))).toEqual([99, 199, 399, 799]);
    expect(retryDelayMs(3, policy, undefined, 0.5)).toBe(200);
    expect(retryDelayMs(20, policy, undefined, 0.999999)).toBe(9999);
  });

  it('never waits less than Retry-After nor more than the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(120_000),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (attempt, retryAfter, r) => {
          const d = retryDelayMs(attempt, DEFAULT_RETRY_POLICY, retryAfter, r);
          return d <= DEFAULT_RETRY_POLICY.maxDelayMs && d >= Math.min(retryAfter, DEFAULT_RETRY_POLICY.maxDelayMs);
        },
      ),
    );
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('keeps equal jitter between half the ceiling and the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (attempt, r) => {
        const delay = backoffDelayMs(attempt, { baseDelayMs: 500, maxDelayMs: 10_000, jitter: 'equal' }, r);
        const ceiling = Math.min(10_000, 500 * 2 ** (attempt - 1));
        return delay >= ceiling / 2 - 1 && delay <= ceiling;
      }),
    );
  });

  it('spreads a persisted schedule by the jitter fraction and ends with it', () => {
    expect(scheduledDelayMs(1, [5, 30], 0.2, 0.5)).toBe(5_000);
    expect(scheduledDelayMs(2, [5, 30], 0.2, 0)).toBe(24_000);
    expect(scheduledDelayMs(3, [5, 30], 0.2, 0.5)).toBeUndefined();
    expect(scheduledDelayMs(0, [5, 30], 0.2, 0.5)).toBeUndefined();
  });
});
