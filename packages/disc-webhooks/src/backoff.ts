import { scheduledDelayMs } from '@fin/retry';

/**
 * Delays before each retry, in seconds: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h,
 * 8 h, 8 h. With the first attempt that makes 11 attempts over about 23.7 hours (a day with
 * jitter), after which the delivery is marked failed.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800,
];

/** ±20 %: spreads the retries of many deliveries that failed together (a receiver outage),
 * so they do not all come back in the same second. */
export const JITTER_FRACTION = 0.2;

export interface BackoffOptions {
  schedule?: readonly number[];
  /** A number in [0, 1); defaults to Math.random. */
  random?: () => number;
}

/** Attempts a delivery gets in all: the first one plus one per schedule step. */
export function maxAttempts(schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE_SECONDS): number {
  return schedule.length + 1;
}

/**
 * The delay in milliseconds before the next attempt, after `attemptsMade` attempts have
 * failed; undefined when the schedule is used up and the delivery has failed for good.
 */
export function retryDelayMs(attemptsMade: number, options: BackoffOptions = {}): number | undefined {
  return scheduledDelayMs(
    attemptsMade,
    options.schedule ?? DEFAULT_RETRY_SCHEDULE_SECONDS,
    JITTER_FRACTION,
    (options.random ?? Math.random)(),
  );
}
