import type { RequestHandler, Response } from 'express';
import { requestLogger, type Logger } from '../logging';
import { context } from './context';
import type { HttpMetrics } from './metrics';

/** One log line and one metric observation per finished response. */
export function accessLog(logger: Logger, metrics: HttpMetrics): RequestHandler {
  const log = requestLogger(logger);
  // One listener function for every response (it gets the response as `this`), instead of a
  // closure made per request.
  function finished(this: Response): void {
    const ctx = context(this);
    const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
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
  return (_req, res, next) => {
    res.on('finish', finished);
    next();
  };
}
