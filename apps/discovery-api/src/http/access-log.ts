import type { RequestHandler, Response } from 'express';
import { requestLogger, type Logger, type RequestLogFields } from '../logging';
import { context } from './context';
import type { HttpMetrics } from './metrics';

/** The status logged and counted for a request whose connection closed before its response
 * was sent: nginx's "client closed request". Not a server error, so never a 500. */
const CLOSED_BEFORE_RESPONSE = 499;

/** One log line and one metric observation per finished response, and per request whose
 * connection closed before its response (the client went away mid-body or mid-discovery, or
 * shutdown's grace period ran out): `request aborted` at level info, status 499, no stack. */
export function accessLog(logger: Logger, metrics: HttpMetrics): RequestHandler {
  const log = requestLogger(logger);
  /** Counts the response with `status` in the metrics, and gives the fields of its log line. */
  const observed = (res: Response, status: number): RequestLogFields => {
    const ctx = context(res);
    const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
    metrics.observe(res.req.method, ctx.route, status, seconds);
    return {
      request_id: ctx.requestId,
      method: res.req.method,
      route: ctx.route,
      status,
      latency_ms: Math.round(seconds * 1e6) / 1e3,
      token_name: ctx.token?.name ?? ctx.callerName ?? null,
    };
  };
  // One listener function for every response (it gets the response as `this`), instead of a
  // closure made per request.
  function finished(this: Response): void {
    log(this.statusCode >= 500 ? 'error' : 'info', observed(this, this.statusCode));
  }
  function closed(this: Response): void {
    if (this.writableFinished) return;
    logger.info('request aborted', {
      ...observed(this, CLOSED_BEFORE_RESPONSE),
      reason: 'the connection closed before the response was sent',
    });
  }
  return (_req, res, next) => {
    res.on('finish', finished);
    res.on('close', closed);
    next();
  };
}
