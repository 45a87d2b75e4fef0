import type { RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { context } from './context';
import { ApiError } from './errors';
import type { RateLimitGroup, RateLimitRule } from './rate-limit-table';

/** Makes the store of one path group; each limiter needs a store of its own. Undefined
 * means express-rate-limit's in-memory store. */
export type LimiterStoreFactory = (group: RateLimitGroup) => Store | undefined;

interface LimitInfo {
  limit: number;
  remaining: number;
  resetTime: Date | undefined;
}

/** Per-token budget of one path group, with the contract's headers (docs/decisions/0012-rate-limits.md) on every
 * limited response and `Retry-After` on a 429. Runs after authentication, so the key is
 * the token id and an anonymous request never spends anyone's budget. */
export function rateLimitFor(
  group: RateLimitGroup,
  rule: RateLimitRule,
  store: Store | undefined,
  clock: () => Date,
): RequestHandler {
  const windowMs = rule.windowSeconds * 1000;
  const setHeaders = (res: Response, info: LimitInfo): number => {
    const resetSeconds = Math.ceil((info.resetTime?.getTime() ?? clock().getTime() + windowMs) / 1000);
    res.setHeader('X-RateLimit-Limit', String(info.limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, info.remaining)));
    res.setHeader('X-RateLimit-Reset', String(resetSeconds));
    res.setHeader('X-RateLimit-Window', String(rule.windowSeconds));
    return resetSeconds;
  };
  const limiter = rateLimit({
    windowMs,
    limit: rule.limit,
    // IETF RateLimit / RateLimit-Policy (draft-8) beside the contract's X-RateLimit-* headers:
    // `RateLimit-Policy: "monitor"; q=100; w=3600; pk=…`, `RateLimit: "monitor"; r=99; t=3542; pk=…`.
    standardHeaders: 'draft-8',
    identifier: group,
    legacyHeaders: false,
    requestPropertyName: 'rateLimit',
    ...(store === undefined ? {} : { store }),
    // Our own `Retry-After`, headers and envelope are set in the handler; the library's
    // validations would warn about the custom key generator ignoring IPs, which is the point.
    validate: { keyGeneratorIpFallback: false, ip: false },
    keyGenerator: (_req, res) => `${group}:${context(res).token?.id ?? 'anonymous'}`,
    handler: (req, res, next) => {
      const info = (req as unknown as { rateLimit: LimitInfo }).rateLimit;
      const resetSeconds = setHeaders(res, info);
      const retryAfter = Math.max(1, resetSeconds - Math.floor(clock().getTime() / 1000));
      res.setHeader('Retry-After', String(retryAfter));
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
