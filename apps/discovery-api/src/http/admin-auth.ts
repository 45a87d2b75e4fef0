import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { BEARER_CHALLENGE, INVALID_TOKEN_CHALLENGE } from './auth';
import { context } from './context';
import { ApiError } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The admin routes exist only for the CLI of the same machine while the server holds an
 * embedded database: off unless a secret is configured, invisible (404) from anywhere but
 * loopback, and 401 without the secret stored in the data folder (mode 0600). */
export function requireAdmin(secret: string | undefined): RequestHandler {
  const expected = secret === undefined ? undefined : digest(secret);
  return (req, res, next) => {
    if (expected === undefined || !LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      next(new ApiError('NOT_FOUND', `No route ${req.method} ${req.path}.`));
      return;
    }
    const presented = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
      next(
        new ApiError('UNAUTHORIZED', 'The admin routes need the local admin secret from the data folder.', {
          headers: { 'WWW-Authenticate': presented === undefined ? BEARER_CHALLENGE : INVALID_TOKEN_CHALLENGE },
        }),
      );
      return;
    }
    context(res).callerName = 'local-admin';
    next();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
