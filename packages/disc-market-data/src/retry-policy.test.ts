import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, redact, retryDelayMs } from '@disc/market-data';

describe('retry policy', () => {
  it('retries throttling, server errors and network failures only', () => {
    expect([429, 500, 502, 503, undefined].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404].map(isRetryableStatus)).toEqual([false, false, false, false]);
  });

  it('grows the backoff ceiling exponentially, with full jitter below it', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, policy, undefined, 0.999999))).toEqual([99, 199, 399, 799]);
    expect(retryDelayMs(3, policy, undefined, 0.5)).toBe(200);
    expect(retryDelayMs(20, policy, undefined, 0.999999)).toBe(9999);
  });

  it('never waits less than Retry-After nor more than the cap', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(120_000), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, retryAfter, r) => {
      const d = retryDelayMs(attempt, DEFAULT_RETRY_POLICY, retryAfter, r);
      return d <= DEFAULT_RETRY_POLICY.maxDelayMs && d >= Math.min(retryAfter, DEFAULT_RETRY_POLICY.maxDelayMs);
    }));
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('redact', () => {
  it('hides api_key query values and literal secrets', () => {
    const url = 'https://api.stlouisfed.org/fred/series/observations?series_id=DGS10&api_key=abcdef0123456789&file_type=json';
    expect(redact(url)).toBe('https://api.stlouisfed.org/fred/series/observations?series_id=DGS10&api_key=***&file_type=json');
    expect(redact('header was CG-SECRETKEY123 here', ['CG-SECRETKEY123'])).toBe('header was *** here');
  });
});
