import { ASSET_TYPES } from '@disc/types';
import type { RateLimitGroup } from '../http/rate-limit-table';
import type { Scope } from '../store/tokens';
import type { JsonSchema } from './schema-types';
import { SYMBOL_SCHEMA } from './symbol';

/** Who may call an operation: a token scope, the local admin secret, or anyone. */
export type Access = Scope | 'admin' | 'public';

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'delete';
  /** OpenAPI path template, e.g. `/v1/discovery/monitor/{symbol}`. */
  path: string;
  summary: string;
  tag: 'discovery' | 'webhooks' | 'operations' | 'admin';
  access: Access;
  rateLimit?: RateLimitGroup;
  pathParams?: Record<string, JsonSchema>;
  /** Query parameters (all optional); integers arrive as text and are read as numbers. */
  queryParams?: Record<string, JsonSchema>;
  /** Component name of the JSON request body. */
  body?: string;
  /** Body member holding criteria of the path's asset type (custom_criteria): a criterion of
   * another asset type there is a 400 naming its path. */
  criteriaMember?: string;
  /** Success status and the component name of its body (undefined: no body). */
  success: { status: 200 | 201 | 202 | 204; schema?: string; contentType?: string };
  /** Error statuses this operation can answer with (body: the error envelope). 400 and 406
   * are added to every route that can answer them (withSharedErrors below). */
  errors: number[];
  /** A non-success status whose body is not the error envelope (readiness: 503 Health). */
  alternate?: { status: number; schema: string; description: string };
}

const assetTypeParam = {
  asset_type: { type: 'string', enum: [...ASSET_TYPES], description: 'Anything else is 400 INVALID_ASSET_TYPE' },
};
const symbolParam = { symbol: SYMBOL_SCHEMA };
// Ids as the stores generate them (store/webhooks.ts, store/tokens.ts): anything else cannot
// name a webhook or token, and is a 400 naming the parameter before it reaches the database.
const webhookIdParam = {
  id: { type: 'string', pattern: '^wh_[0-9a-f]{32}$', description: 'A webhook id: wh_ and 32 hex digits' },
};
const tokenIdParam = {
  id: { type: 'string', pattern: '^tok_[0-9a-f]{16}$', description: 'A token id: tok_ and 16 hex digits' },
};
const deliveryPageParams = {
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Deliveries per page, newest first' },
  after: { type: 'string', minLength: 1, maxLength: 200, description: 'The next_cursor of the previous page' },
};
const priceDaysParam = {
  days: {
    type: 'integer',
    minimum: 1,
    maximum: 2000,
    default: 365,
    description: 'Trading days of history, the latest last',
  },
};
const WITH_BODY = [400, 401, 403, 413, 415, 422, 429, 500, 503];
const MONITOR_ERRORS = [400, 401, 403, 404, 422, 429, 500, 503];
const CRITERIA_ERRORS = [400, 401, 403, 429, 500, 503];

/** The routes as written; OPERATIONS adds what every route answers alike. */
const ROUTES: readonly Operation[] = [
  {
    operationId: 'discover',
    method: 'post',
    path: '/v1/discovery/discover/{asset_type}',
    summary: 'Discover A+ candidates for one asset type',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'discover',
    pathParams: assetTypeParam,
    body: 'DiscoverRequest',
    criteriaMember: 'custom_criteria',
    success: { status: 200, schema: 'DiscoveryResult' },
    errors: WITH_BODY,
  },
  {
    operationId: 'monitor',
    method: 'get',
    path: '/v1/discovery/monitor/{symbol}',
    summary: 'Current grade, grade history and alerts of one symbol',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'monitor',
    pathParams: symbolParam,
    success: { status: 200, schema: 'MonitorResult' },
    errors: MONITOR_ERRORS,
  },
  {
    operationId: 'batchDiscover',
    method: 'post',
    path: '/v1/discovery/batch-discover',
    summary: 'Discovery over several asset types in one request',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'batch',
    body: 'BatchDiscoverRequest',
    success: { status: 200, schema: 'BatchDiscoveryResult' },
    errors: WITH_BODY,
  },
  {
    operationId: 'criteria',
    method: 'get',
    path: '/v1/discovery/criteria/{asset_type}',
    summary: 'Screening criteria in force, with market adjustments',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'criteria',
    pathParams: assetTypeParam,
    success: { status: 200, schema: 'CriteriaResult' },
    errors: CRITERIA_ERRORS,
  },
  {
    operationId: 'priceHistory',
    method: 'get',
    path: '/v1/discovery/prices/{symbol}',
    summary: 'Daily closes of one symbol with their 50- and 200-day moving averages',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'monitor',
    pathParams: symbolParam,
    queryParams: priceDaysParam,
    success: { status: 200, schema: 'PriceHistory' },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'marketContext',
    method: 'get',
    path: '/v1/discovery/market-context',
    summary: 'The market context now (regime, VIX, rates, inflation, data age and source) without running a discovery',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'criteria',
    success: { status: 200, schema: 'MarketContext' },
    errors: [401, 403, 429, 500, 503],
  },
  {
    operationId: 'integrateDiscoveries',
    method: 'post',
    path: '/v1/discovery/integrate-discoveries',
    summary: 'Plan trades that integrate discoveries into a portfolio',
    tag: 'discovery',
    access: 'discovery',
    rateLimit: 'integrate',
    body: 'IntegrateRequest',
    success: { status: 200, schema: 'IntegrationPlan' },
    errors: WITH_BODY,
  },
  {
    operationId: 'createWebhook',
    method: 'post',
    path: '/v1/webhooks',
    summary: 'Register a webhook',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhooks',
    body: 'WebhookRequest',
    success: { status: 201, schema: 'Webhook' },
    errors: [400, 401, 403, 413, 415, 429, 500, 503],
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/v1/webhooks',
    summary: "List this token's webhooks",
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhook_reads',
    success: { status: 200, schema: 'WebhookList' },
    errors: [401, 403, 429, 500, 503],
  },
  {
    operationId: 'getWebhook',
    method: 'get',
    path: '/v1/webhooks/{id}',
    summary: 'One webhook of this token',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhook_reads',
    pathParams: webhookIdParam,
    success: { status: 200, schema: 'Webhook' },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/v1/webhooks/{id}',
    summary: 'Remove a webhook',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhook_reads',
    pathParams: webhookIdParam,
    success: { status: 204 },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/v1/webhooks/{id}/deliveries',
    summary: 'Deliveries of a webhook, newest first, each with every attempt; cursor-paginated',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhook_reads',
    pathParams: webhookIdParam,
    queryParams: deliveryPageParams,
    success: { status: 200, schema: 'WebhookDeliveryList' },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'testWebhook',
    method: 'post',
    path: '/v1/webhooks/{id}/test',
    summary: 'Send a signed webhook.test event to this webhook',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhooks',
    pathParams: webhookIdParam,
    success: { status: 202, schema: 'WebhookTestResult' },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'enableWebhook',
    method: 'post',
    path: '/v1/webhooks/{id}/enable',
    summary: 'Re-enable a disabled webhook of this token (clears its failure count)',
    tag: 'webhooks',
    access: 'webhooks',
    rateLimit: 'webhooks',
    pathParams: webhookIdParam,
    success: { status: 200, schema: 'Webhook' },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    operationId: 'healthz',
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    tag: 'operations',
    access: 'public',
    success: { status: 200, schema: 'Health' },
    errors: [],
  },
  {
    operationId: 'readyz',
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: database and, when configured, Redis reachable',
    tag: 'operations',
    access: 'public',
    success: { status: 200, schema: 'Health' },
    errors: [],
    alternate: { status: 503, schema: 'Health', description: 'Not ready: the database or Redis is unreachable' },
  },
  {
    operationId: 'metrics',
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics',
    tag: 'operations',
    access: 'public',
    success: { status: 200, contentType: 'text/plain' },
    errors: [],
  },
  {
    operationId: 'openapi',
    method: 'get',
    path: '/v1/openapi.json',
    summary: 'This document',
    tag: 'operations',
    access: 'public',
    success: { status: 200, contentType: 'application/json' },
    errors: [],
  },
  {
    operationId: 'adminCreateToken',
    method: 'post',
    path: '/v1/admin/tokens',
    summary: 'Create a token (loopback, local admin secret; used by the CLI)',
    tag: 'admin',
    access: 'admin',
    body: 'TokenCreateRequest',
    success: { status: 201, schema: 'CreatedToken' },
    errors: [400, 401, 404, 500, 503],
  },
  {
    operationId: 'adminListTokens',
    method: 'get',
    path: '/v1/admin/tokens',
    summary: 'List tokens (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    success: { status: 200, schema: 'TokenList' },
    errors: [401, 404, 500, 503],
  },
  {
    operationId: 'adminRevokeToken',
    method: 'delete',
    path: '/v1/admin/tokens/{id}',
    summary: 'Revoke a token (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    pathParams: tokenIdParam,
    success: { status: 204 },
    errors: [400, 401, 404, 500, 503],
  },
  {
    operationId: 'adminListWebhooks',
    method: 'get',
    path: '/v1/admin/webhooks',
    summary: 'Every webhook with its owner token (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    success: { status: 200, schema: 'AdminWebhookList' },
    errors: [401, 404, 500, 503],
  },
  {
    operationId: 'adminDisableWebhook',
    method: 'post',
    path: '/v1/admin/webhooks/{id}/disable',
    summary: 'Disable any webhook and cancel its pending deliveries (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    pathParams: webhookIdParam,
    success: { status: 204 },
    errors: [400, 401, 404, 500, 503],
  },
  {
    operationId: 'adminDeleteWebhook',
    method: 'delete',
    path: '/v1/admin/webhooks/{id}',
    summary: 'Delete any webhook and cancel its pending deliveries (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    pathParams: webhookIdParam,
    success: { status: 204 },
    errors: [400, 401, 404, 500, 503],
  },
  {
    operationId: 'adminLoadSnapshot',
    method: 'post',
    path: '/v1/admin/snapshots',
    summary: 'Load a market-data snapshot (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    body: 'SnapshotUpload',
    success: { status: 201, schema: 'Snapshot' },
    errors: [400, 401, 404, 413, 500, 503],
  },
  {
    operationId: 'adminRefresh',
    method: 'post',
    path: '/v1/admin/refresh',
    summary: 'Re-score every monitored symbol now and emit events (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    success: { status: 200, schema: 'RefreshReport' },
    errors: [401, 404, 500, 503],
  },
  {
    operationId: 'adminExportSnapshot',
    method: 'get',
    path: '/v1/admin/snapshots/current',
    summary: 'The snapshot in force (loopback, local admin secret)',
    tag: 'admin',
    access: 'admin',
    success: { status: 200, contentType: 'application/json' },
    errors: [401, 404, 500, 503],
  },
];

/** Every route of the API: the Express router and the OpenAPI document are both built
 * from this list, so they cannot disagree. */
export const OPERATIONS: readonly Operation[] = ROUTES.map(withSharedErrors);

/** What every route answers alike (docs/errors.md): 400 VALIDATION_ERROR for a query parameter
 * it does not declare (each route checks its query string, as bodies are checked for unknown
 * members) or a member in the body of a route that takes none; 413 and 415 for a body over the
 * limit or not JSON (every route reads its body by the same rules); and, when it answers with
 * a body, 406 NOT_ACCEPTABLE for an Accept header that rules out its media type. (405, 408 and
 * 431 can answer any request, before it reaches a route: document.ts adds them.) */
function withSharedErrors(operation: Operation): Operation {
  const answersWithBody = operation.success.schema !== undefined || operation.success.contentType !== undefined;
  const errors = new Set([...operation.errors, 400, 413, 415, ...(answersWithBody ? [406] : [])]);
  return { ...operation, errors: [...errors].sort((a, b) => a - b) };
}
