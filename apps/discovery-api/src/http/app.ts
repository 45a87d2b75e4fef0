import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { jsonTextOf } from '../json-text';
import { createLogger, type Logger } from '../logging';
import { buildOpenApiDocument } from '../openapi/document';
import { OPERATIONS } from '../openapi/operations';
import { buildHandlers, type HandlerDependencies } from '../routes/handlers';
import type { Handler } from '../routes/handler';
import { createMonitoring, type Monitoring } from '../monitoring/monitoring';
import type { ReceiverUrlPolicy } from '@disc/webhooks';
import { TOKEN_CHANGES_CHANNEL, TokenStore } from '../store/tokens';
import { accessLog } from './access-log';
import { corsFor } from './cors';
import { requireAdmin } from './admin-auth';
import { requireScope } from './auth';
import { context } from './context';
import { dashboard } from './dashboard';
import { ApiError, envelope, toApiError } from './errors';
import { createHttpMetrics, type HttpMetrics } from './metrics';
import { rateLimitFor, type LimiterStoreFactory } from './rate-limit';
import { DEFAULT_RATE_LIMITS, type RateLimitTable } from './rate-limit-table';
import { jsonBody, validateRequest } from './request-input';
import { requestId } from './request-id';
import { securityHeaders } from './security-headers';
import { sequence } from './sequence';
import { SchemaValidator } from './validation';

export interface AppOptions {
  db: Database;
  /** The discovery SDK behind the seam of discovery/engine.ts. */
  engine: EngineSource;
  logger?: Logger;
  clock?: () => Date;
  rateLimits?: RateLimitTable;
  /** Per-group rate-limit stores (Redis); in-memory when absent. */
  limiterStore?: LimiterStoreFactory;
  metrics?: HttpMetrics;
  bodyLimitBytes?: number;
  /** Enables the loopback admin routes the CLI uses while an embedded database is open. */
  adminSecret?: string;
  /** Extra readiness checks (Redis), each throwing when its dependency is unreachable. */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** Receiver URL policy for webhook registration: `allowLoopback` for local development
   * (DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS), `lookup` to resolve host names (tests). */
  webhookUrlPolicy?: ReceiverUrlPolicy;
  /** Called after a snapshot is loaded through the admin route (before the refresh). */
  onSnapshotLoaded?: () => void;
  /** The grade history, event recorder and refresh; built here when absent. */
  monitoring?: Monitoring;
  /** Called after a commit that wrote webhook deliveries (wakes an in-process worker). */
  onEventsEnqueued?: () => void;
  /** Days discovery runs are kept (DISCOVERY_RUNS_RETENTION_DAYS, default 90). */
  runsRetentionDays?: number;
  /** Browser origins allowed by CORS (DISCOVERY_CORS_ORIGINS); absent or empty: CORS off. */
  corsOrigins?: readonly string[];
}

const SNAPSHOT_BODY_LIMIT = 64 * 1024 * 1024;

/** Builds the Express app. Everything with I/O is passed in, so tests run the real app on
 * an in-memory database and a loopback port. */
export function createApp(options: AppOptions): Express {
  const logger = options.logger ?? createLogger();
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createHttpMetrics();
  const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const document = buildOpenApiDocument();
  const validator = new SchemaValidator(document);
  const tokens = tokenStore(options.db, logger);
  const monitoring =
    options.monitoring ??
    createMonitoring({
      db: options.db,
      engine: options.engine,
      logger,
      clock,
      ...(options.onEventsEnqueued === undefined ? {} : { onEnqueued: options.onEventsEnqueued }),
      ...(options.runsRetentionDays === undefined ? {} : { runsRetentionDays: options.runsRetentionDays }),
    });
  const deps: HandlerDependencies = { ...options, logger, clock, metrics, document, tokens, monitoring };
  const handlers = buildHandlers(deps);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // What every response gets, in one layer: an id, helmet's headers, the access log line.
  app.use(sequence([requestId(), securityHeaders(), accessLog(logger, metrics)]));
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) app.use(corsFor(options.corsOrigins));

  for (const operation of OPERATIONS) {
    const handler = handlers[operation.operationId];
    if (handler === undefined) throw new Error(`no handler for operation ${operation.operationId}`);
    const chain: RequestHandler[] = [
      (_req, res, next) => {
        context(res).route = operation.path;
        next();
      },
    ];
    if (operation.errors.includes(406)) chain.push(acceptable(operation.success.contentType ?? 'application/json'));
    if (operation.access === 'admin') chain.push(requireAdmin(options.adminSecret));
    else if (operation.access !== 'public') chain.push(requireScope(tokens, operation.access, logger));
    if (operation.rateLimit !== undefined) {
      chain.push(
        rateLimitFor(
          operation.rateLimit,
          rateLimits[operation.rateLimit],
          options.limiterStore?.(operation.rateLimit),
          clock,
        ),
      );
    }
    if (operation.body !== undefined) {
      chain.push(jsonBody(operation.access === 'admin' ? SNAPSHOT_BODY_LIMIT : (options.bodyLimitBytes ?? 100 * 1024)));
    }
    chain.push(validateRequest(operation, validator), respond(handler));
    app[operation.method](expressPath(operation.path), sequence(chain));
  }

  app.use(dashboard());
  app.use(notFound());
  app.use(errorHandler(logger, clock));
  return app;
}

/** The embedded database has one user, this process, so it may cache tokens. A shared
 * PostgreSQL is written by other instances and the CLI: tokens are cached only while this
 * instance LISTENs for revocations, every notification empties the cache, and a lost
 * connection empties it and reads the table on every request until it listens again. */
function tokenStore(db: Database, logger: Logger): TokenStore {
  if (db.engine === 'pglite') return new TokenStore(db, { cache: true });
  if (db.listen === undefined) return new TokenStore(db);
  // The cache check runs per request, after the listener below exists.
  const tokens: TokenStore = new TokenStore(db, { cache: () => listener.listening });
  const listener = db.listen(TOKEN_CHANGES_CHANNEL, (event) => {
    tokens.invalidate();
    if (event === 'lost')
      logger.warn(
        'lost the revocation notifications; reading tokens from the database on every request until they are back',
        { channel: TOKEN_CHANGES_CHANNEL },
      );
  });
  return tokens;
}

/** 406 when the Accept header rules out the one media type the route answers with. */
function acceptable(type: string): RequestHandler {
  return (req, _res, next) => {
    if (req.accepts(type) === false)
      next(
        new ApiError('NOT_ACCEPTABLE', `This route answers with ${type} only; accept it (or send no Accept header).`, {
          details: {
            content_type: type,
          },
        }),
      );
    else next();
  };
}

function expressPath(template: string): string {
  return template.replace(/\{([a-z_]+)\}/g, ':$1');
}

function respond(handler: Handler): RequestHandler {
  return async (req, res) => {
    const result = await handler({
      params: req.params as Record<string, string>,
      query: (res.locals.query ?? {}) as Record<string, unknown>,
      body: (req.body ?? {}) as Record<string, unknown>,
      context: context(res),
    });
    res.status(result.status);
    if ('json' in result) {
      // A body kept as text between requests (json-text.ts) is sent as it is.
      const text = jsonTextOf(result.json);
      if (text === undefined) res.json(result.json);
      else res.type('application/json').send(text);
    } else if ('text' in result) res.type(result.contentType).send(result.text);
    else res.end();
  };
}

/** 404 for unknown paths, 405 for a known path with another method. */
function notFound(): RequestHandler {
  const templates = OPERATIONS.map((op) => ({
    op,
    pattern: new RegExp(`^${op.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
  }));
  return (req, _res, next) => {
    const allowed = templates.filter((t) => t.pattern.test(req.path)).map((t) => t.op.method.toUpperCase());
    if (allowed.length > 0)
      next(
        new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`, {
          details: {
            allowed_methods: allowed,
          },
        }),
      );
    else
      next(new ApiError('NOT_FOUND', `No route ${req.method} ${req.path}. The API reference is at /v1/openapi.json.`));
  };
}

function errorHandler(logger: Logger, clock: () => Date) {
  return (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const apiError = toApiError(error);
    const ctx = context(res);
    if (apiError.status >= 500) {
      const cause = apiError.cause ?? error;
      logger.error('request failed', {
        request_id: ctx.requestId,
        route: ctx.route,
        code: apiError.code,
        error:
          cause instanceof Error ? { name: cause.name, message: cause.message, stack: cause.stack } : String(cause),
      });
    }
    if (apiError.status === 405)
      res.setHeader('Allow', String((apiError.details.allowed_methods as string[]).join(', ')));
    if (apiError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(apiError.retryAfterSeconds));
    res.status(apiError.status).json(envelope(apiError, ctx.requestId ?? 'unknown', clock()));
  };
}
