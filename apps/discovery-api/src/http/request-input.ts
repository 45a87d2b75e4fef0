import express, { type RequestHandler } from 'express';
import { ASSET_TYPES, InvalidAssetTypeError, type AssetType } from '@disc/types';
import { criteriaNames } from '../openapi/criteria-schemas';
import type { Operation } from '../openapi/operations';
import { ApiError, payloadTooLarge, toApiError, unsupportedCharset } from './errors';
import { echoed } from './echo';
import {
  UNKNOWN_MEMBER,
  escapePointer,
  validationError,
  type SchemaValidator,
  type ValidationFailure,
} from './validation';

/** JSON only: a request that carries a body must say `Content-Type: application/json`;
 * a request without a body counts as `{}`. The size limit answers 413. Every route reads its
 * body through this, also a route that takes none (validateRequest then accepts only `{}`), so
 * the same rules hold everywhere and no body is left unread behind an answer.
 *
 * A body that does not arrive in full within `timeoutMs` (a Content-Length larger than what is
 * sent, a client that stalls) is answered 408 REQUEST_TIMEOUT and its connection closed. The
 * body parser (raw-body) has no deadline of its own, and Node's requestTimeout, the backstop
 * (http-server.ts), answers outside the app: without the request's id in the log. */
export function jsonBody(limitBytes: number, timeoutMs: number): RequestHandler {
  // Not strict: any JSON text parses, so `null`, `"str"` or `123` reach validateRequest and get
  // the same "must be a JSON object" as `[]`, not "not valid JSON" (they are valid JSON).
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  return (req, res, next) => {
    const declaredLength = Number(req.headers['content-length'] ?? '0');
    const hasBody = req.headers['transfer-encoding'] !== undefined || declaredLength > 0;
    if (!hasBody) {
      req.body = {};
      next();
      return;
    }
    if (!req.is('application/json')) {
      next(
        new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".', {
          details: {
            content_type: req.get('content-type') ?? null,
          },
        }),
      );
      return;
    }
    // JSON is UTF-8 (RFC 8259 8.1): body-parser would decode any `utf-*` charset and then
    // fail on the text; every other charset than UTF-8 is refused alike.
    const charset = charsetOf(req.get('content-type') ?? '');
    if (charset !== undefined && charset !== 'utf-8') {
      next(unsupportedCharset(charset, req.get('content-type')));
      return;
    }
    // A declared length over the limit is refused at once. The parser would read the whole
    // body first (to keep the connection usable), and a client that sent `Expect:
    // 100-continue` would wait for the 100 Continue that never comes, then time out.
    if (declaredLength > limitBytes) {
      next(payloadTooLarge(limitBytes));
      return;
    }
    // `Expect: 100-continue` (http-server.ts): the client sends the body only after this.
    if (expectsContinue(req.get('expect'))) res.writeContinue();
    let answered = false;
    const deadline = setTimeout(() => {
      answered = true;
      // The rest of the body may still come: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      next(bodyTimeout(timeoutMs));
    }, timeoutMs);
    parse(req, res, (error?: unknown) => {
      clearTimeout(deadline);
      // After a 408 the parser ends with the closed connection ("request aborted"): answered.
      if (answered) return;
      answered = true;
      next(error === undefined ? undefined : undecodable(error, req.get('content-encoding')));
    });
  };
}

function expectsContinue(expect: string | undefined): boolean {
  return expect !== undefined && expect.trim().toLowerCase() === '100-continue';
}

function bodyTimeout(timeoutMs: number): ApiError {
  return new ApiError(
    'REQUEST_TIMEOUT',
    `The request body did not arrive in full within ${timeoutMs} ms; send the whole body at once, with a Content-Length that matches it.`,
    { details: { timeout_ms: timeoutMs } },
  );
}

/** The charset parameter of a Content-Type, lower-cased; undefined when there is none. */
function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (match === null) return undefined;
  return (match[1] ?? match[2] ?? '').toLowerCase();
}

/** A body that cannot be decoded: body-parser marks its own errors with `type` (handled by
 * toApiError); a gzip/deflate/br stream that is corrupt or does not match the declared
 * Content-Encoding comes as a bare 400 from zlib, which is the client's mistake, not a 500. */
function undecodable(error: unknown, contentEncoding: string | undefined): unknown {
  const described = error as { type?: unknown; status?: unknown };
  if (described.type !== undefined || described.status !== 400) return error;
  return new ApiError(
    'VALIDATION_ERROR',
    `The request body could not be decoded: it is not valid ${contentEncoding ?? 'encoded'} data. Send Content-Encoding only when the body is compressed that way.`,
    {
      details: {
        location: 'body',
        content_encoding: contentEncoding ?? null,
        errors: [{ path: '', message: 'body does not match its Content-Encoding' }],
      },
      cause: error,
    },
  );
}

/** Checks path parameters, query string and body against the operation's schemas. An
 * unsupported asset type is the contract's own error (400 INVALID_ASSET_TYPE), anything else
 * VALIDATION_ERROR. Every route checks its query string, also a route that declares no
 * parameter: an unknown one (a typo such as `?day=3`) is refused like an unknown body member,
 * rather than ignored by some routes and refused by others. A route that takes no body accepts
 * none or `{}`: a member there is refused as an unknown member would be. */
export function validateRequest(operation: Operation, validator: SchemaValidator): RequestHandler {
  // Built once per route, so the validator finds them compiled by identity.
  const pathSchema =
    operation.pathParams === undefined ? undefined : { type: 'object', properties: operation.pathParams };
  const queryParams = operation.queryParams ?? {};
  const querySchema = { type: 'object', properties: queryParams, additionalProperties: false };
  const bodySchema = operation.body ?? NO_BODY;
  const declared = Object.keys(queryParams);
  const unknownParameter = (failure: ValidationFailure): ValidationFailure => ({
    path: failure.path,
    message: `is not a query parameter of this route (${declared.length === 0 ? 'it takes none' : `it takes ${declared.join(', ')}`})`,
  });
  return (req, res, next) => {
    const params = req.params as Record<string, string>;
    if (operation.pathParams?.asset_type !== undefined) {
      const provided = params.asset_type ?? '';
      if (!(ASSET_TYPES as readonly string[]).includes(provided)) {
        next(invalidAssetType(provided));
        return;
      }
    }
    if (pathSchema !== undefined) {
      const failures = validator.failures(pathSchema, params);
      if (failures.length > 0) {
        next(validationError('path', failures));
        return;
      }
    }
    const { query, repeated } = typedQuery(req.query, queryParams);
    const queryFailures = [
      ...repeated,
      ...validator.failures(querySchema, query).map((f) => (f.message === UNKNOWN_MEMBER ? unknownParameter(f) : f)),
    ];
    if (queryFailures.length > 0) {
      next(validationError('query', queryFailures));
      return;
    }
    res.locals.query = query;
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      next(validationError('body', [{ path: '', message: 'must be a JSON object' }]));
      return;
    }
    const failures = validator.failures(bodySchema, body);
    const assetType = badAssetTypeInBody(failures, body);
    if (assetType !== undefined) {
      next(invalidAssetType(assetType));
      return;
    }
    if (failures.length > 0) {
      next(validationError('body', failures.map(operation.body === undefined ? noBodyMember : foreignMember)));
      return;
    }
    const foreign =
      operation.criteriaMember === undefined
        ? []
        : foreignCriteria(body as Record<string, unknown>, operation.criteriaMember, params.asset_type as AssetType);
    if (foreign.length > 0) {
      next(validationError('body', foreign));
      return;
    }
    next();
  };
}

/** The body of a route that takes none: absent, or `{}`. */
const NO_BODY = { type: 'object', additionalProperties: false };

function noBodyMember(failure: ValidationFailure): ValidationFailure {
  return failure.message === UNKNOWN_MEMBER
    ? { ...failure, message: 'is not allowed: this route takes no body (send none, or {})' }
    : failure;
}

/** The VALIDATION_ERROR of a path whose parameters are not valid percent-encoded UTF-8: each
 * parameter of `template` whose segment of `path` cannot be decoded, by name. */
export function undecodablePathParams(template: string, path: string): ApiError {
  const names = template.split('/');
  const segments = path.split('/');
  const failures: ValidationFailure[] = [];
  names.forEach((name, i) => {
    const param = /^\{([a-z_]+)\}$/.exec(name)?.[1];
    if (param === undefined) return;
    try {
      decodeURIComponent(segments[i] ?? '');
    } catch {
      failures.push({ path: `/${param}`, message: 'is not valid percent-encoded UTF-8' });
    }
  });
  return validationError(
    'path',
    failures.length > 0 ? failures : [{ path: '', message: 'is not valid percent-encoded UTF-8' }],
  );
}

/** The name is echoed in the message and `details.provided_type`, shortened: a path segment
 * or body member may be kilobytes long. */
export function invalidAssetType(provided: string): ApiError {
  return toApiError(new InvalidAssetTypeError(echoed(provided)));
}

/** `asset_types: ["bond"]` in a batch is the same mistake as `/discover/bond`. */
function badAssetTypeInBody(failures: readonly ValidationFailure[], body: object): string | undefined {
  const failure = failures.find((f) => /^\/asset_types\/\d+$/.test(f.path) && f.message.startsWith('must be one of'));
  if (failure === undefined) return undefined;
  const index = Number(failure.path.split('/')[2]);
  const value = (body as { asset_types?: unknown[] }).asset_types?.[index];
  return typeof value === 'string' ? value : undefined;
}

/** What a criterion of another asset type is (`min_roe`: stock), for a message naming it. */
function criterionOf(name: string, assetType: AssetType): string | undefined {
  const others = ASSET_TYPES.filter((t) => t !== assetType && criteriaNames(t).has(name));
  return others.length === 0 || criteriaNames(assetType).has(name)
    ? undefined
    : `is a screening criterion of ${others.join(' and ')}, not of ${assetType}`;
}

/** A member the schema does not allow under an asset type's criteria (batch-discover's
 * `asset_specific_criteria.etf.min_roe`) is told as discover tells it: whose criterion it is. */
function foreignMember(failure: ValidationFailure): ValidationFailure {
  if (failure.message !== UNKNOWN_MEMBER) return failure;
  const [, assetType, name] = /\/([a-z]+)\/([^/]+)$/.exec(failure.path) ?? [];
  if (assetType === undefined || name === undefined || !(ASSET_TYPES as readonly string[]).includes(assetType))
    return failure;
  const message = criterionOf(name, assetType as AssetType);
  return message === undefined ? failure : { ...failure, message };
}

/** Criteria of another asset type in `body[member]` (`min_roe` for an etf): the schema lets
 * every criterion through, since the asset type is in the path. */
function foreignCriteria(body: Record<string, unknown>, member: string, assetType: AssetType): ValidationFailure[] {
  const given = body[member];
  if (typeof given !== 'object' || given === null) return [];
  return Object.keys(given).flatMap((name) => {
    const message = criterionOf(name, assetType);
    return message === undefined ? [] : [{ path: `/${member}/${name}`, message }];
  });
}

/** Query values are text: an integer parameter written as an integer (`-1` and `99999999999`
 * included) becomes a number, so the schema names the real problem ("must be >= 1"); anything
 * else stays text, so the schema reports it ("must be integer"). A declared parameter given
 * more than once (`?days=3&days=4`) is reported as such, not as a value of the wrong type; an
 * undeclared one is left to the schema, which refuses it whatever it holds. The copy has no
 * prototype, so every name is an own member the schema sees: `?__proto__=x` would otherwise set
 * the copy's prototype (or do nothing) instead of being refused as an unknown parameter, and
 * `constructor` or `toString` would find Object.prototype's members in `schemas`. */
function typedQuery(
  query: Record<string, unknown>,
  schemas: Record<string, { type?: unknown }>,
): { query: Record<string, unknown>; repeated: ValidationFailure[] } {
  const typed = Object.create(null) as Record<string, unknown>;
  const repeated: ValidationFailure[] = [];
  for (const [name, value] of Object.entries(query)) {
    const declared = Object.hasOwn(schemas, name);
    if (declared && Array.isArray(value)) {
      repeated.push({
        path: `/${escapePointer(name)}`,
        message: `is given ${value.length === 2 ? 'twice' : `${value.length} times`}; give it once`,
      });
      continue;
    }
    typed[name] =
      declared &&
      schemas[name]?.type === 'integer' &&
      typeof value === 'string' &&
      /^-?[0-9]+$/.test(value) &&
      Number.isFinite(Number(value))
        ? Number(value)
        : value;
  }
  return { query: typed, repeated };
}
