import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { context } from './context';

// A caller's id is reused (so a trace crosses a load balancer) only if it is short and
// plain; anything else could inject into logs.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's `X-Request-Id` when it is acceptable, else a new id. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && ACCEPTABLE.test(incoming) ? incoming : `req_${randomUUID()}`;
}

/** Gives every request an id, echoes it as `X-Request-Id`, and starts the latency clock. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.get('x-request-id'));
    const ctx = context(res);
    ctx.requestId = id;
    ctx.startedAt = process.hrtime.bigint();
    ctx.route = 'unmatched';
    res.setHeader('X-Request-Id', id);
    next();
  };
}
