import type { NextFunction, RequestHandler, Response } from 'express';
import type { Logger } from '../logging';
import type { Scope, TokenRecord, TokenStore } from '../store/tokens';
import { context } from './context';
import { ApiError } from './errors';

// RFC 6750: `Bearer` 1*SP token.
const BEARER = /^Bearer +([^\s]+)$/i;
// `last_used_at` is informational; writing it on every request would double the database
// work of a cheap read, so each instance refreshes it at most once a minute per token.
const TOUCH_INTERVAL_MS = 60_000;

/** RFC 6750 3: the challenge of a 401. Without usable credentials it names the scheme only;
 * a token that was presented but is unknown or revoked is `invalid_token`. */
export const BEARER_CHALLENGE = 'Bearer';
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/** Bearer authentication (docs/authentication.md): 401 when the token is missing, malformed,
 * unknown or revoked (with `WWW-Authenticate`); 403 when it is valid but lacks `scope`. */
export function requireScope(tokens: TokenStore, scope: Scope, logger: Logger): RequestHandler {
  const lastTouch = new Map<string, number>();
  const authorize = (token: TokenRecord | undefined, res: Response, next: NextFunction): void => {
    if (token === undefined) {
      next(
        new ApiError('UNAUTHORIZED', 'The bearer token is unknown or has been revoked.', {
          headers: { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE },
        }),
      );
      return;
    }
    context(res).token = token;
    if (!token.scopes.includes(scope)) {
      next(
        new ApiError('FORBIDDEN', `The token '${token.name}' lacks the '${scope}' scope needed here.`, {
          details: {
            required_scope: scope,
            token_scopes: token.scopes,
          },
        }),
      );
      return;
    }
    const now = Date.now();
    if (now - (lastTouch.get(token.id) ?? 0) > TOUCH_INTERVAL_MS) {
      lastTouch.set(token.id, now);
      tokens
        .touch(token.id)
        .catch((error: unknown) =>
          logger.warn('could not record token use', { token_name: token.name, error: String(error) }),
        );
    }
    next();
  };
  return (req, res, next) => {
    const header = req.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header.trim());
    if (match === null) {
      next(
        new ApiError(
          'UNAUTHORIZED',
          'Send the header "Authorization: Bearer <API_TOKEN>". Create a token with `discovery-api tokens create`.',
          { headers: { 'WWW-Authenticate': BEARER_CHALLENGE } },
        ),
      );
      return;
    }
    // A token in the cache is answered at once, without a promise per request.
    const known = tokens.known(match[1]!);
    if (known !== undefined) authorize(known, res, next);
    else
      tokens.findActive(match[1]!).then(
        (token) => authorize(token, res, next),
        (error: unknown) => next(error),
      );
  };
}
