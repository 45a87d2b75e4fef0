import { CategorizerError } from '../errors';
import type { AttemptOutcome } from './client';

/** The base URL as messages show it: no user name or password, query or fragment, no trailing slash. */
export function serviceUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl.replace(/[?#].*$/, '').replace(/\/+$/, '');
  }
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * Turns a failed attempt into an error whose message is safe to log (no headers, no key) and
 * names the service: `ai service at http://127.0.0.1:8080/v1 did not answer within 30 s (1 attempt)`.
 */
export function describeFailure(
  outcome: Exclude<AttemptOutcome, { kind: 'answer' | 'abandoned' }>,
  attempts: number,
  service: { url: string; timeoutMs: number },
): CategorizerError {
  const tries = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  const at = `ai service at ${service.url}`;
  const context = { attempts, url: service.url };
  switch (outcome.kind) {
    case 'status':
      return new CategorizerError('AI_HTTP_ERROR', `${at} answered HTTP ${outcome.status} ${tries}`, {
        ...context,
        status: outcome.status,
      });
    case 'timeout':
      return new CategorizerError(
        'AI_TIMEOUT',
        `${at} did not answer within ${seconds(service.timeoutMs)} (${attempts} attempt${attempts === 1 ? '' : 's'})`,
        context,
      );
    case 'network':
      return new CategorizerError('AI_NETWORK_ERROR', `${at} unreachable (${outcome.code}) ${tries}`, context);
    case 'bad-response':
      return new CategorizerError(
        'AI_BAD_RESPONSE',
        `${at}: answer is not in the chat-completions shape ${tries}`,
        context,
      );
  }
}
