import express, { type Express } from 'express';
import type { Logger } from '../logging';
import { accessLog } from './access-log';
import { context } from './context';
import { ApiError, DATABASE_RETRY_AFTER_SECONDS, envelope } from './errors';
import type { HttpMetrics } from './metrics';
import { requestId } from './request-id';
import { securityHeaders } from './security-headers';
import { sequence } from './sequence';

/** What answers while the server starts (the database opens and migrates; a new PGlite
 * database takes seconds): `/healthz` says the process is up (200), `/readyz` that it is not
 * ready (503, the database check `failed`), and every other request gets 503
 * DATABASE_UNAVAILABLE with `Retry-After`. The same request id, headers and access log as
 * the full app, which replaces this one once the database is ready. */
export function startingApp(logger: Logger, metrics: HttpMetrics, clock: () => Date = () => new Date()): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(sequence([requestId(), securityHeaders(), accessLog(logger, metrics)]));
  app.get('/healthz', (_req, res) => {
    context(res).route = '/healthz';
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    context(res).route = '/readyz';
    res.status(503).json({ status: 'unavailable', checks: { database: 'failed' } });
  });
  app.use((_req, res) => {
    const error = new ApiError(
      'DATABASE_UNAVAILABLE',
      `The service is starting (opening its database); retry after ${DATABASE_RETRY_AFTER_SECONDS} s.`,
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    );
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(error.status).json(envelope(error, context(res).requestId, clock()));
  });
  return app;
}
