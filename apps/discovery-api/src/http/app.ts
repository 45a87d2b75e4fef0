import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { jsonTextOf } from '../json-text';
import { createLogger, type Logger } from '../logging';
import { buildOpenApiDocument } from '../openapi/document';
import { OPERATIONS, type Operation } from '../openapi/operations';
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
import { ApiError, bodyParserType, envelope, isUndecodablePathError, toApiError } from './errors';
import { createHttpMetrics, type HttpMetrics } from './metrics';
import { rateLimitFor, type LimiterStoreFactory } from './rate-limit';
import { DEFAULT_RATE_LIMITS, type RateLimitGroup, type RateLimitTable } from './rate-limit-table';
import { DEFAULT_BODY_TIMEOUT_MS } from './http-server';
import { echoed } from './echo';
import { jsonBody, undecodablePathParams, validateRequest } from './request-input';
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
  /** How long a body may take to arrive in full once a route reads it (DISCOVERY_BODY_TIMEOUT_MS);
   * then 408 REQUEST_TIMEOUT. */
  bodyTimeoutMs?: number;
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
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0)
    app.use(corsFor(options.corsOrigins, (path) => TEMPLATES.some((t) => t.pattern.test(path))));

  // One limiter per group, shared by the group's routes: they spend one budget per token.
  const limiters = new Map<RateLimitGroup, RequestHandler>();
  const limiterOf = (group: RateLimitGroup): RequestHandler => {
    let limiter = limiters.get(group);
    if (limiter === undefined) {
      limiter = rateLimitFor(group, rateLimits[group], options.limiterStore?.(group));
      limiters.set(group, limiter);
    }
    return limiter;
  };
  // What runs before a route reads its input: the route's name for logs and metrics, content
  // negotiation, authentication and the rate limit. A path whose parameters cannot be decoded
  // goes through the same steps before it is refused (undecodablePath below).
  const gates = new Map<Operation, RequestHandler>();
  for (const operation of OPERATIONS) {
    const handler = handlers[operation.operationId];
    if (handler === undefined) throw new Error(`no handler for operation ${operation.operationId}`);
    const gate: RequestHandler[] = [
      (_req, res, next) => {
        context(res).route = operation.path;
        next();
      },
    ];
    if (operation.errors.includes(406)) gate.push(acceptable(operation.success.contentType ?? 'application/json'));
    if (operation.access === 'admin') gate.push(requireAdmin(options.adminSecret));
    else if (operation.access !== 'public') gate.push(requireScope(tokens, operation.access, logger));
    if (operation.rateLimit !== undefined) gate.push(limiterOf(operation.rateLimit));
    gates.set(operation, sequence(gate));
    // Every route reads its body by the same rules; one that takes none accepts only `{}`.
    const limit =
      operation.access === 'admin' && operation.body !== undefined
        ? SNAPSHOT_BODY_LIMIT
        : (options.bodyLimitBytes ?? 100 * 1024);
    const chain = [
      ...gate,
      jsonBody(limit, options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS),
      validateRequest(operation, validator),
      respond(handler),
    ];
    app[operation.method](expressPath(operation.path), sequence(chain));
  }

  app.use(dashboard());
  const unknownRoute = notFound();
  app.use(unknownRoute);
  app.use(undecodablePath(gates, unknownRoute));
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

/** The operations' path templates as patterns over the raw (still encoded) path. */
const TEMPLATES = OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
}));

/** 404 for unknown paths, 405 for a known path with another method. A GET route answers HEAD
 * too (Express), so `Allow` lists it beside GET. */
function notFound(): RequestHandler {
  return (req, _res, next) => {
    const allowed = TEMPLATES.filter((t) => t.pattern.test(req.path)).flatMap((t) =>
      t.op.method === 'get' ? ['GET', 'HEAD'] : [t.op.method.toUpperCase()],
    );
    if (allowed.length > 0)
      next(
        new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`, {
          details: {
            allowed_methods: allowed,
          },
        }),
      );
    else
      next(
        new ApiError(
          'NOT_FOUND',
          `No route ${req.method} ${echoed(req.path)}. The API reference is at /v1/openapi.json.`,
        ),
      );
  };
}

/** A path parameter that is not valid percent-encoded UTF-8 (`/monitor/%zz`) fails in the
 * router, before the route runs. The request then takes the route's own steps up to its
 * input (authentication, rate limit) and is refused like any other invalid path parameter:
 * 400 VALIDATION_ERROR, `location` path. Without a route for its method it is a 404 or 405. */
function undecodablePath(gates: ReadonlyMap<Operation, RequestHandler>, unknownRoute: RequestHandler) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (!isUndecodablePathError(error)) {
      next(error);
      return;
    }
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    const operation = TEMPLATES.find((t) => t.op.method === method && t.pattern.test(req.path))?.op;
    const gate = operation === undefined ? undefined : gates.get(operation);
    if (operation === undefined || gate === undefined) {
      unknownRoute(req, res, next);
      return;
    }
    void gate(req, res, (refused?: unknown) => next(refused ?? undecodablePathParams(operation.path, req.path)));
  };
}

function clientGone(error: unknown, req: Request): boolean {
  return bodyParserType(error) === 'request.aborted' || req.socket.destroyed;
}

function errorHandler(logger: Logger, clock: () => Date) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // The client went away (mid-body: body-parser's "request aborted"): nobody to answer, and
    // not the server's failure. The access log reports it (access-log.ts), without a stack.
    if (clientGone(error, req)) return;
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
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    res.status(apiError.status).json(envelope(apiError, ctx.requestId ?? 'unknown', clock()));
  };
}
