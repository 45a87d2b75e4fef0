import { ERROR_STATUS } from '../http/errors';
import { OPERATIONS, type Operation } from './operations';
import { requestSchemas } from './request-schemas';
import { responseSchemas } from './response-schemas';
import type { JsonSchema } from './schema-types';

export const API_VERSION = '1.0.0';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid asset type, parameter or body, or a query parameter the route does not declare (INVALID_ASSET_TYPE, VALIDATION_ERROR)',
  401: 'Missing, malformed, unknown or revoked token (UNAUTHORIZED)',
  403: 'Token lacks the scope (FORBIDDEN)',
  404: 'Unknown symbol or resource (SYMBOL_NOT_FOUND, NOT_FOUND)',
  413: 'Body over the size limit (PAYLOAD_TOO_LARGE)',
  406: 'The Accept header excludes the only media type this route answers with (NOT_ACCEPTABLE)',
  415: 'Body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Data too thin to score (INSUFFICIENT_DATA)',
  429: 'Rate limit exceeded (RATE_LIMIT_EXCEEDED); see Retry-After',
  500: 'Discovery service error (SCORING_ERROR, DISCOVERY_ERROR, INTERNAL_ERROR)',
  503: 'External data provider or database unavailable (MARKET_DATA_UNAVAILABLE, DATABASE_UNAVAILABLE); retry later, after Retry-After when sent',
};

const RATE_LIMIT_HEADER_TEXT = {
  'X-RateLimit-Limit': 'Requests allowed in the window',
  'X-RateLimit-Remaining': 'Requests left in the window',
  'X-RateLimit-Reset': 'Unix time in seconds at which the window resets',
  'X-RateLimit-Window': 'Window length in seconds',
};
/** The rate-limit headers; `required` where the limiter has surely run (it runs after
 * authentication, so a 401/403 never carries them and a 500/503 may not). */
const IETF_RATE_LIMIT_HEADER_TEXT = {
  'RateLimit-Policy':
    'IETF draft-ietf-httpapi-ratelimit-headers-08: the policy, e.g. `"monitor"; q=100; w=3600; pk=…` (quota q per window w seconds; pk a hash of the partition key)',
  RateLimit:
    'IETF draft-ietf-httpapi-ratelimit-headers-08: what is left, e.g. `"monitor"; r=99; t=3542; pk=…` (r requests left, t seconds to the reset)',
};
const rateLimitHeaders = (required: boolean): Record<string, unknown> => ({
  ...Object.fromEntries(
    Object.entries(RATE_LIMIT_HEADER_TEXT).map(([name, description]) => [
      name,
      { description, required, schema: { type: 'integer' } },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(IETF_RATE_LIMIT_HEADER_TEXT).map(([name, description]) => [
      name,
      { description, required, schema: { type: 'string' } },
    ]),
  ),
});
const REQUEST_ID_HEADER = {
  'X-Request-Id': { description: 'Also in error.request_id', required: true, schema: { type: 'string' } },
};
/** RFC 6750 3: every 401 names the scheme it wants. */
const WWW_AUTHENTICATE_HEADER = {
  'WWW-Authenticate': {
    description: '`Bearer`; `Bearer error="invalid_token"` when the token sent is unknown or revoked (RFC 6750)',
    required: true,
    schema: { type: 'string' },
  },
};
/** Answers that can come to any request, before it reaches an operation: one definition each
 * in components/responses, referenced by every operation. */
const SHARED_RESPONSES: Record<number, { name: string; response: Record<string, unknown> }> = {
  405: {
    name: 'MethodNotAllowed',
    response: {
      description: 'The path exists but not with this method (METHOD_NOT_ALLOWED); Allow lists its methods',
      headers: {
        ...REQUEST_ID_HEADER,
        Allow: {
          description: 'The methods of the path, e.g. `GET, HEAD, DELETE` (HEAD wherever GET is)',
          required: true,
          schema: { type: 'string' },
        },
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
  408: {
    name: 'RequestTimeout',
    response: {
      description:
        'The headers or the body did not arrive in time (REQUEST_TIMEOUT); the connection is closed. Send the whole request at once',
      headers: REQUEST_ID_HEADER,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
  431: {
    name: 'HeadersTooLarge',
    response: {
      description:
        "Request line and headers over the HTTP parser's limit (HEADERS_TOO_LARGE); the connection is closed",
      headers: REQUEST_ID_HEADER,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  },
};

/** Statuses answered before the rate limiter runs (content negotiation, authentication) or
 * possibly so (server errors, an unavailable database). */
const BEFORE_LIMITER = new Set([401, 403, 406]);
const MAYBE_BEFORE_LIMITER = new Set([500, 503]);

/** The OpenAPI 3.1 document, built from the same operation list and schemas that route and
 * validate requests. Served at /v1/openapi.json; docs/openapi.json is a copy of it. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: describe(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Investment discovery API',
      version: API_VERSION,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Screens ETFs, stocks and crypto assets, grades them from A+ to F, monitors grades and plans portfolio changes. Error codes and their statuses: ' +
        Object.entries(ERROR_STATUS)
          .map(([code, status]) => `${code} ${status}`)
          .join(', ') +
        '.',
    },
    servers: [{ url: 'http://127.0.0.1:3000', description: 'Local default (`npm start`)' }],
    tags: [
      { name: 'discovery', description: 'Needs a token with the `discovery` scope' },
      { name: 'webhooks', description: 'Needs a token with the `webhooks` scope' },
      { name: 'operations', description: 'Health, readiness, metrics; no token' },
      {
        name: 'admin',
        description: 'Loopback only, local admin secret of an embedded-database server; used by the CLI',
      },
    ],
    paths,
    components: {
      schemas: { ...responseSchemas, ...requestSchemas },
      responses: Object.fromEntries(Object.values(SHARED_RESPONSES).map(({ name, response }) => [name, response])),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Opaque token `disc_…` from `discovery-api tokens create`',
        },
        adminSecret: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The local admin secret in <DISCOVERY_DATA_DIR>/admin-secret; loopback only, embedded database only (used by the CLI)',
        },
      },
    },
  };
}

function describe(operation: Operation): Record<string, unknown> {
  const limited = operation.rateLimit !== undefined;
  const headersFor = (status: number): Record<string, unknown> => ({
    ...REQUEST_ID_HEADER,
    ...(limited && !BEFORE_LIMITER.has(status) ? rateLimitHeaders(!MAYBE_BEFORE_LIMITER.has(status)) : {}),
  });
  const headers = headersFor(operation.success.status);
  const responses: Record<string, unknown> = {};
  const { status, schema, contentType } = operation.success;
  responses[String(status)] = {
    description: 'Success',
    headers,
    ...(schema !== undefined
      ? { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } }
      : {}),
    ...(schema === undefined && contentType !== undefined
      ? {
          content: {
            [contentType]: {
              schema:
                contentType === 'text/plain'
                  ? { type: 'string' }
                  : { type: 'object', additionalProperties: true, description: 'A JSON document (see the summary)' },
            },
          },
        }
      : {}),
  };
  const codes = [...new Set([...operation.errors, ...Object.keys(SHARED_RESPONSES).map(Number)])].sort((a, b) => a - b);
  for (const code of codes) {
    const shared = SHARED_RESPONSES[code];
    if (shared !== undefined) {
      responses[String(code)] = { $ref: `#/components/responses/${shared.name}` };
      continue;
    }
    const errorHeaders = headersFor(code);
    responses[String(code)] = {
      description: STATUS_TEXT[code] ?? 'Error',
      headers:
        code === 401
          ? { ...errorHeaders, ...WWW_AUTHENTICATE_HEADER }
          : code === 429
            ? {
                ...errorHeaders,
                'Retry-After': {
                  description: 'Seconds until the window resets',
                  required: true,
                  schema: { type: 'integer' },
                },
              }
            : code === 503
              ? {
                  ...errorHeaders,
                  'Retry-After': {
                    description: 'Seconds to wait before retrying (sent with DATABASE_UNAVAILABLE)',
                    required: false,
                    schema: { type: 'integer' },
                  },
                }
              : errorHeaders,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  if (operation.alternate !== undefined) {
    responses[String(operation.alternate.status)] = {
      description: operation.alternate.description,
      headers,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${operation.alternate.schema}` } } },
    };
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    security:
      operation.access === 'public' ? [] : operation.access === 'admin' ? [{ adminSecret: [] }] : [{ bearer: [] }],
    ...(operation.pathParams === undefined && operation.queryParams === undefined
      ? {}
      : {
          parameters: [
            ...Object.entries(operation.pathParams ?? {}).map(([name, schema]) => ({
              name,
              in: 'path',
              required: true,
              schema,
            })),
            ...Object.entries(operation.queryParams ?? {}).map(([name, schema]) => ({
              name,
              in: 'query',
              required: false,
              schema,
            })),
          ],
        }),
    ...(operation.body === undefined
      ? {}
      : {
          requestBody: {
            required: Array.isArray(requestSchemas[operation.body]?.required),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${operation.body}` } } },
          },
        }),
    responses,
  };
}
