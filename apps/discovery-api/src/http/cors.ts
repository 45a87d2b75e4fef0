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
];

/** CORS for browser clients on the listed origins only (exact match); other origins get no
 * CORS headers, so their browsers refuse to hand them the response. Preflights answer 204. */
export function corsFor(origins: readonly string[]): RequestHandler {
  return cors({
    origin: [...origins],
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
  });
}
