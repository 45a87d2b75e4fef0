import type { RequestHandler, Response } from 'express';
import { requestLogger, type Logger } from '../logging';
import { context } from './context';
import type { HttpMetrics } from './metrics';

/** The status logged and counted for a request whose connection closed before its response
 * was sent: nginx's "client closed request". Not a server error, so never a 500. */
export const CLOSED_BEFORE_RESPONSE = 499;

/** One log line and one metric observation per finished response, and per request whose
 * connection closed before its response (the client went away mid-body or mid-discovery, or
 * shutdown's grace period ran out): `request aborted` at level info, status 499, no stack. */
export function accessLog(logger: Logger, metrics: HttpMetrics): RequestHandler {
  const log = requestLogger(logger);
  const secondsOf = (res: Response): number => Number(process.hrtime.bigint() - context(res).startedAt) / 1e9;
  // One listener function for every response (it gets the response as `this`), instead of a
  // closure made per request.
  function finished(this: Response): void {
    const ctx = context(this);
    const seconds = secondsOf(this);
    metrics.observe(this.req.method, ctx.route, this.statusCode, seconds);
    log(this.statusCode >= 500 ? 'error' : 'info', {
      request_id: ctx.requestId,
      method: this.req.method,
      route: ctx.route,
      status: this.statusCode,
      latency_ms: Math.round(seconds * 1e6) / 1e3,
      token_name: ctx.token?.name ?? ctx.callerName ?? null,
    });
  }
  function closed(this: Response): void {
    if (this.writableFinished) return;
    const ctx = context(this);
    const seconds = secondsOf(this);
    metrics.observe(this.req.method, ctx.route, CLOSED_BEFORE_RESPONSE, seconds);
    logger.info('request aborted', {
      request_id: ctx.requestId,
      method: this.req.method,
      route: ctx.route,
      status: CLOSED_BEFORE_RESPONSE,
      latency_ms: Math.round(seconds * 1e6) / 1e3,
      token_name: ctx.token?.name ?? ctx.callerName ?? null,
      reason: 'the connection closed before the response was sent',
    });
  }
  return (_req, res, next) => {
    res.on('finish', finished);
    res.on('close', closed);
    next();
  };
}
