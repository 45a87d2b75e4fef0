import type { RequestHandler } from 'express';
import { requestLogger, type Logger } from '../logging';
import { context } from './context';
import type { HttpMetrics } from './metrics';

/** One log line and one metric observation per finished response. */
export function accessLog(logger: Logger, metrics: HttpMetrics): RequestHandler {
  const log = requestLogger(logger);
  return (req, res, next) => {
    res.on('finish', () => {
      const ctx = context(res);
      const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
      metrics.observe(req.method, ctx.route, res.statusCode, seconds);
      log(res.statusCode >= 500 ? 'error' : 'info', {
        request_id: ctx.requestId,
        method: req.method,
        route: ctx.route,
        status: res.statusCode,
        latency_ms: Math.round(seconds * 1e6) / 1e3,
        token_name: ctx.token?.name ?? ctx.callerName ?? null,
      });
    });
    next();
  };
}
