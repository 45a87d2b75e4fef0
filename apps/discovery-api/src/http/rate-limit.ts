import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { context } from './context';
import { ApiError } from './errors';
import type { RateLimitGroup, RateLimitRule } from './rate-limit-table';

/** Makes the store of one path group; it is asked once per group, and every route of the
 * group counts in that store. Undefined means express-rate-limit's in-memory store. */
export type LimiterStoreFactory = (group: RateLimitGroup) => Store | undefined;

interface LimitInfo {
  limit: number;
  remaining: number;
  resetTime: Date | undefined;
}

/** Per-token budget of one path group, with the contract's headers (docs/decisions/0012-rate-limits.md) on every
 * limited response and `Retry-After` on a 429. Make one per group and put it on every route
 * of the group (docs/rate-limits.md): they then spend one budget. Runs after authentication,
 * so the key is the token id and an anonymous request never spends anyone's budget. */
export function rateLimitFor(group: RateLimitGroup, rule: RateLimitRule, store: Store | undefined): RequestHandler {
  const windowMs = rule.windowSeconds * 1000;
  const keyOf = (res: Response): string => `${group}:${context(res).token?.id ?? 'anonymous'}`;
  /** Sets the X-RateLimit-* and IETF headers from one reading of the clock, and returns the
   * seconds to the reset that they state (`t=`; also the 429's `Retry-After`). */
  const setHeaders = (res: Response, info: LimitInfo): number => {
    const now = Date.now();
    const resetMs = info.resetTime?.getTime() ?? now + windowMs;
    const secondsLeft = Math.max(0, Math.ceil((resetMs - now) / 1000));
    const remaining = Math.max(0, info.remaining);
    const pk = partitionKey(keyOf(res));
    res.setHeader('X-RateLimit-Limit', String(info.limit));
    res.setHeader('X-RateLimit-Remaining', String(remaining));
    res.setHeader('X-RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
    res.setHeader('X-RateLimit-Window', String(rule.windowSeconds));
    // IETF RateLimit / RateLimit-Policy (draft-8) beside the contract's X-RateLimit-* headers:
    // `RateLimit-Policy: "monitor"; q=100; w=3600; pk=…`, `RateLimit: "monitor"; r=99; t=3542; pk=…`.
    res.setHeader('RateLimit-Policy', `"${group}"; q=${info.limit}; w=${rule.windowSeconds}; pk=:${pk}:`);
    res.setHeader('RateLimit', `"${group}"; r=${remaining}; t=${secondsLeft}; pk=:${pk}:`);
    return secondsLeft;
  };
  const limiter = rateLimit({
    windowMs,
    limit: rule.limit,
    // The headers are set here (setHeaders), so that `t=` and `Retry-After` come from one clock reading.
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: 'rateLimit',
    ...(store === undefined ? {} : { store }),
    // Our own `Retry-After`, headers and envelope are set in the handler; the library's
    // validations would warn about the custom key generator ignoring IPs, which is the point.
    validate: { keyGeneratorIpFallback: false, ip: false },
    keyGenerator: (_req, res) => keyOf(res),
    handler: (req, res, next) => {
      const info = (req as unknown as { rateLimit: LimitInfo }).rateLimit;
      const retryAfter = Math.max(1, setHeaders(res, info));
      next(
        new ApiError(
          'RATE_LIMIT_EXCEEDED',
          `Rate limit of ${info.limit} requests per ${rule.windowSeconds} s exceeded for this token; retry after ${retryAfter} s.`,
          {
            details: {
              limit: info.limit,
              window_seconds: rule.windowSeconds,
              retry_after_seconds: retryAfter,
            },
            retryAfterSeconds: retryAfter,
          },
        ),
      );
    },
  });
  return (req, res, next) => {
    void limiter(req, res, (error?: unknown) => {
      if (error !== undefined) {
        next(error);
        return;
      }
      setHeaders(res, (req as unknown as { rateLimit: LimitInfo }).rateLimit);
      next();
    });
  };
}

/** The IETF headers' partition key: a short hash of the counter's key, so a client can tell
 * budgets apart without learning the token id (the form express-rate-limit uses). */
function partitionKey(key: string): string {
  return Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
}
