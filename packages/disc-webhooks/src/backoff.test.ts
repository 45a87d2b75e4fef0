import fc from 'fast-check';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, maxAttempts, retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('follows the schedule without jitter at the midpoint, then gives up', () => {
    const midpoint = () => 0.5;
    const delays = Array.from({ length: 11 }, (_, index) => retryDelayMs(index + 1, { random: midpoint }));
    expect(delays).toEqual([
      5_000,
      30_000,
      120_000,
      600_000,
      1_800_000,
      3_600_000,
      7_200_000,
      14_400_000,
      28_800_000,
      28_800_000,
      undefined,
    ]);
    expect(maxAttempts()).toBe(11);
  });

  it('retries for about a day in total', () => {
    const totalHours = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds, 0) / 3600;
    expect(totalHours).toBeGreaterThan(20);
    expect(totalHours).toBeLessThan(28);
  });

  it('stays within ±20 % of the scheduled delay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempts, random) => {
          const base = DEFAULT_RETRY_SCHEDULE_SECONDS[attempts - 1]! * 1000;
          const delay = retryDelayMs(attempts, { random: () => random })!;
          expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
          expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        },
      ),
    );
    expect(retryDelayMs(1, { random: () => 0 })).toBe(4_000);
    expect(retryDelayMs(1, { random: () => 0.999999 })).toBe(6_000);
  });

  it('uses a custom schedule', () => {
    expect(retryDelayMs(1, { schedule: [1, 2], random: () => 0.5 })).toBe(1_000);
    expect(retryDelayMs(3, { schedule: [1, 2] })).toBeUndefined();
    expect(maxAttempts([1, 2])).toBe(3);
    expect(retryDelayMs(0)).toBeUndefined();
  });
});
