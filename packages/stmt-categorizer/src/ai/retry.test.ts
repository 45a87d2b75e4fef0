import fc from 'fast-check';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry';

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('retries 429 and 5xx only', () => {
    expect([429, 500, 502, 503, 400, 401, 404].map(isRetryableStatus)).toEqual([true, true, true, true, false, false, false]);
  });

  it('keeps backoff between half the ceiling and the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (attempt, r) => {
        const delay = backoffDelay(attempt, 500, 10_000, () => r);
        const ceiling = Math.min(10_000, 500 * 2 ** (attempt - 1));
        return delay >= ceiling / 2 - 1 && delay <= ceiling;
      }),
    );
  });
});
