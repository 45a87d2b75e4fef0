import cors from 'cors';
import type { RequestHandler } from 'express';

/** Headers a browser client may read besides the CORS-safelisted ones. */
const EXPOSED = [
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-RateLimit-Window',
  'RateLimit',
  'RateLimit-Policy',
  'WWW-Authenticate',
];

/** CORS for browser clients on the listed origins only (exact match). Other origins get no
 * CORS headers at all, preflight included, so their browsers refuse to hand them the
 * response; their requests go on as any other (an `OPTIONS` is then 404 or 405). A preflight
 * of a listed origin answers 204 when `isKnownPath` knows the path, and goes on, without CORS
 * headers, to the 404 envelope when it does not. Every response says `Vary: Origin`, so a cache never hands one
 * origin's answer to another. */
export function corsFor(origins: readonly string[], isKnownPath: (path: string) => boolean): RequestHandler {
  const allowed = new Set(origins);
  const withCors = cors({
    origin: true,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
  });
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      next();
      return;
    }
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (preflight && !isKnownPath(req.path)) next();
    else withCors(req, res, next);
  };
}
