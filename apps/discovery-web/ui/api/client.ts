// The dashboard is a client of the public API only, through @disc/client: its generated
// types and its openapi-fetch client (`api.http`), with the client's retries turned off —
// a person at a page should read "rate limit reached, resets at …" at once and decide,
// rather than wait silently while the client sleeps through Retry-After.
import { DiscoveryApiError, DiscoveryClient, type Schemas } from '@disc/client';

export type { Schemas };
export type Api = DiscoveryClient;

/** A failed request, with what the person needs to know to act on it. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When a 429's budget refills (X-RateLimit-Reset, else Retry-After). */
    readonly resetAt?: Date,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** A client that sends the token as the bearer header; `onUnauthorized` hears of every 401
 * (a token revoked while the tab is open). */
export function createApi(token: string, onUnauthorized?: () => void): Api {
  const fetchAndWatch = async (request: Request): Promise<Response> => {
    const response = await globalThis.fetch(request);
    if (response.status === 401) onUnauthorized?.();
    return response;
  };
  return new DiscoveryClient({
    baseUrl: window.location.origin,
    apiKey: token,
    retry: { maxRetries: 0 },
    fetch: fetchAndWatch,
  });
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful `api.http` answer, or an ApiProblem built from the error envelope. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<NonNullable<T>> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw networkProblem(error);
  }
  const { response } = result;
  if (response.ok) return (result.data ?? ({} as T)) as NonNullable<T>;
  const envelope = (result.error ?? {}) as { error?: { code?: unknown; message?: unknown; request_id?: unknown } };
  const code = typeof envelope.error?.code === 'string' ? envelope.error.code : `HTTP_${response.status}`;
  const message = typeof envelope.error?.message === 'string' ? envelope.error.message : response.statusText;
  const requestId = typeof envelope.error?.request_id === 'string' ? envelope.error.request_id : undefined;
  throw new ApiProblem(
    response.status,
    code,
    message,
    response.status === 429 ? resetTime(response.headers) : undefined,
    requestId,
  );
}

/** The answer of a @disc/client method, or an ApiProblem from its DiscoveryApiError. */
export async function settle<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof DiscoveryApiError)) throw networkProblem(error);
    const resetAt =
      error.status === 429 && error.retryAfterSeconds !== undefined
        ? new Date(Date.now() + error.retryAfterSeconds * 1000)
        : undefined;
    throw new ApiProblem(error.status, error.code, error.message, resetAt, error.requestId);
  }
}

function networkProblem(error: unknown): ApiProblem {
  return new ApiProblem(
    0,
    'NETWORK_ERROR',
    `The API did not answer: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function resetTime(headers: Headers): Date | undefined {
  const reset = Number(headers.get('X-RateLimit-Reset'));
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  const retryAfter = Number(headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return new Date(Date.now() + retryAfter * 1000);
  return undefined;
}

/** One sentence for a person: what happened and what to do. */
export function describeProblem(problem: unknown): string {
  if (!(problem instanceof ApiProblem))
    return `Something went wrong: ${problem instanceof Error ? problem.message : String(problem)}`;
  switch (problem.status) {
    case 401:
      return `The API refused the token (401 ${problem.code}): ${problem.message} Sign out and paste a valid token.`;
    case 403:
      return `This token lacks the scope for this (403 ${problem.code}): ${problem.message} Create a token with the needed scope.`;
    case 429: {
      const when = problem.resetAt;
      const reset =
        when === undefined
          ? 'later'
          : `at ${when.toLocaleTimeString()} (in ${Math.max(1, Math.ceil((when.getTime() - Date.now()) / 1000))} s)`;
      return `Rate limit reached (429 ${problem.code}): ${problem.message} The limit resets ${reset}.`;
    }
    default:
      return `${problem.status === 0 ? '' : `${problem.status} `}${problem.code}: ${problem.message}`;
  }
}
