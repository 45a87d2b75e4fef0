import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../http/errors';
import type { Logger } from '../logging';

/** A stop signal arrived while `serve` was waiting for its database: it stopped before it
 * served (the port closed, the folder lock released), which is a clean stop, not a failure. */
export class StartAbortedError extends Error {
  override readonly name: string = 'StartAbortedError';
  /** The signal's name (the abort reason), e.g. SIGTERM. */
  readonly signal: string;
  constructor(signal: string) {
    super(`stopped by ${signal} while waiting for the database`);
    this.signal = signal;
  }
}

export interface DatabaseWaitOptions {
  logger: Logger;
  /** The database as logged: its URL without the password. */
  where: string;
  /** Aborting it ends the wait (the reason names the signal); an attempt under way is let finish. */
  signal?: AbortSignal;
  /** Pause after the first failed attempt, doubled after each further one (100 ms). */
  firstDelayMs?: number;
  /** Longest pause between attempts (5 s). */
  maxBackoffMs?: number;
}

/**
 * Opens the database, retrying while it is unreachable (refused, reset, shutting down or
 * starting up, dropped, a connect over the pool's timeout: what answers 503
 * DATABASE_UNAVAILABLE while serving) with exponential backoff, 100 ms doubling up to 5 s,
 * as Redis is waited for. Each failed attempt is logged (`waiting for PostgreSQL`) with the
 * attempt number, the next delay and the error. Meanwhile the port answers as while starting
 * (`/healthz` 200, `/readyz` 503, every other route 503 DATABASE_UNAVAILABLE), so a database
 * that starts after the API (compose, Kubernetes) needs no restart of the API. Any other
 * error (a wrong password, a failed migration) is thrown at once: waiting would not fix it.
 */
export async function openWhenReachable(
  open: () => Promise<Database>,
  options: DatabaseWaitOptions,
): Promise<Database> {
  const { logger, where, signal } = options;
  const firstDelayMs = options.firstDelayMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const db = await open();
      if (attempt > 1) logger.info('connected to PostgreSQL', { database: where, attempts: attempt });
      return db;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (signal?.aborted === true) throw new StartAbortedError(String(signal.reason));
      const delay = Math.min(maxBackoffMs, firstDelayMs * 2 ** Math.min(attempt - 1, 16));
      logger.warn('waiting for PostgreSQL', {
        database: where,
        attempt,
        retry_in_ms: delay,
        error: describeError(error),
      });
      try {
        await sleep(delay, undefined, signal === undefined ? undefined : { signal });
      } catch {
        throw new StartAbortedError(String(signal?.reason));
      }
    }
  }
}

/** A connection URL without its password, for the log; `fallback` when it is no URL (a Unix
 * socket directory stays as it is). Redis's URL is logged the same way (redis.ts). */
export function redactedUrl(url: string, fallback: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.startsWith('/') ? url : fallback;
  }
}

/** The message of a connect error; Node's AggregateError (one error per address tried) has
 * none of its own. */
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.message === '')
    return error.errors.map((inner) => describeError(inner)).join('; ');
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message !== '' ? error.message : typeof code === 'string' ? code : error.name;
}
