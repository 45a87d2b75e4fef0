import { randomUUID } from 'node:crypto';

/** Where the SDK reads the time: injected so results are reproducible in tests. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Identifiers of plans and batches. */
export type IdGenerator = () => string;
export const uuidGenerator: IdGenerator = () => randomUUID();

/** Seconds elapsed since a `performance.now()` mark, to the microsecond. Elapsed time is
 * measured on the monotonic clock, never on the injected wall clock. */
export function secondsSince(startMs: number): number {
  return Math.round((performance.now() - startMs) * 1000) / 1e6;
}
