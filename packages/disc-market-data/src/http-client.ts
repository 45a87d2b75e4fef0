import Bottleneck from 'bottleneck';
import { redact } from './redact';
import { ShapeError } from './shape';
import { sourceError, type FailureReason, type SourceName } from './provider-error';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, retryDelayMs, type RetryPolicy } from '@fin/retry';

export interface HttpClientOptions {
  source: SourceName;
  baseUrl: string;
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** The provider's documented rate; requests are spaced to stay under it. */
  requestsPerMinute: number;
  maxConcurrent?: number;
  headers?: Record<string, string>;
  /** Values never to show in errors (API keys). */
  secrets?: readonly (string | undefined)[];
  /** Reads the provider's error text out of an error body. */
  describeError?: (body: unknown) => string | undefined;
  /** Injected in tests: waiting and jitter. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/**
 * GETs JSON from one provider: Node's fetch with a timeout, a Bottleneck limiter at the provider's
 * documented rate (every attempt, retries included, waits its turn), retries on 429 / 5xx /
 * network errors, and errors that are MarketDataError with the API keys redacted.
 */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly limiter: Bottleneck;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.limiter = new Bottleneck({
      maxConcurrent: options.maxConcurrent ?? 4,
      minTime: Math.ceil(60_000 / options.requestsPerMinute),
    });
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  /** The parsed JSON of a 2xx answer; MarketDataError otherwise (after retries). */
  async getJson(
    path: string,
    params: Record<string, string | number> = {},
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const url = this.displayUrl(path, params);
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.limiter.schedule(() => this.attempt(path, params, headers));
      if (outcome.kind === 'ok') return this.parse(outcome.status, outcome.text, url);
      const retryable = outcome.kind === 'network' || isRetryableStatus(outcome.status);
      if (!retryable || attempt > this.policy.retries) throw this.failure(outcome, url, attempt);
      const retryAfter =
        outcome.kind === 'status' ? parseRetryAfter(outcome.retryAfter, (this.options.now ?? Date.now)()) : undefined;
      await sleep(retryDelayMs(attempt, this.policy, retryAfter, (this.options.random ?? Math.random)()));
    }
  }

  /** `getJson` then a pure mapper; a body the mapper rejects becomes a MarketDataError. */
  async getMapped<T>(
    path: string,
    params: Record<string, string | number>,
    map: (body: unknown) => T,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const body = await this.getJson(path, params, headers);
    try {
      return map(body);
    } catch (cause) {
      if (!(cause instanceof ShapeError)) throw cause;
      const url = this.displayUrl(path, params);
      throw sourceError({
        source: this.options.source,
        reason: cause.reason,
        url,
        providerMessage: redact(cause.message, this.options.secrets),
        cause,
      });
    }
  }

  private async attempt(
    path: string,
    params: Record<string, string | number>,
    headers: Record<string, string>,
  ): Promise<Outcome> {
    try {
      // Statuses and JSON are judged here (the body is read as text), so that a malformed body is reported as such.
      const res = await fetch(`${this.baseUrl}${path}${queryOf(params)}`, {
        headers: { Accept: 'application/json', ...this.options.headers, ...headers },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 200 && res.status < 300) return { kind: 'ok', status: res.status, text };
      return { kind: 'status', status: res.status, text, retryAfter: res.headers.get('retry-after') ?? undefined };
    } catch (cause) {
      const timedOut = (cause as Error).name === 'TimeoutError' || (cause as Error).name === 'AbortError';
      // fetch's own message is "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND...) is its cause.
      const inner = (cause as { cause?: unknown }).cause;
      const message =
        inner instanceof Error ? `${(cause as Error).message}: ${inner.message}` : (cause as Error).message;
      return {
        kind: 'network',
        reason: timedOut ? 'timeout' : 'unreachable',
        message: redact(message, this.options.secrets),
      };
    }
  }

  private parse(status: number, text: string, url: string): unknown {
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw sourceError({
        source: this.options.source,
        reason: 'malformed',
        url,
        status,
        providerMessage: `not JSON (${(cause as Error).message})`,
      });
    }
  }

  private failure(outcome: Exclude<Outcome, { kind: 'ok' }>, url: string, attempts: number) {
    const source = this.options.source;
    if (outcome.kind === 'network')
      return sourceError({ source, reason: outcome.reason, url, attempts, providerMessage: outcome.message });
    const reason: FailureReason =
      outcome.status === 429
        ? 'throttled'
        : outcome.status === 404
          ? 'not_found'
          : outcome.status >= 500
            ? 'unavailable'
            : 'rejected';
    let said: string | undefined;
    try {
      said = this.options.describeError?.(JSON.parse(outcome.text));
    } catch {
      said = outcome.text.trim().slice(0, 200) || undefined;
    }
    const failure = { source, reason, url, status: outcome.status, attempts };
    return sourceError(
      said === undefined ? failure : { ...failure, providerMessage: redact(said, this.options.secrets) },
    );
  }

  private displayUrl(path: string, params: Record<string, string | number>): string {
    return redact(`${this.baseUrl}${path}${queryOf(params)}`, this.options.secrets);
  }
}

function queryOf(params: Record<string, string | number>): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return query ? `?${query}` : '';
}

type Outcome =
  | { kind: 'ok'; status: number; text: string }
  | { kind: 'status'; status: number; text: string; retryAfter: unknown }
  | { kind: 'network'; reason: 'timeout' | 'unreachable'; message: string };
