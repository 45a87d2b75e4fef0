import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { context } from './context';

// A caller's id is reused (so a trace crosses a load balancer) only if it is short and
// plain; anything else could inject into logs.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Gives every request an id, echoes it as `X-Request-Id`, and starts the latency clock. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming !== undefined && ACCEPTABLE.test(incoming) ? incoming : `req_${randomUUID()}`;
    const ctx = context(res);
    ctx.requestId = id;
    ctx.startedAt = process.hrtime.bigint();
    ctx.route = 'unmatched';
    res.setHeader('X-Request-Id', id);
    next();
  };
}
