import { CategorizerError } from '../errors';
import type { AttemptOutcome } from './client';

/** Turns a failed attempt into an error whose message is safe to log (no headers, no key). */
export function describeFailure(
  outcome: Exclude<AttemptOutcome, { kind: 'answer' }>,
  attempts: number,
): CategorizerError {
  const tries = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  switch (outcome.kind) {
    case 'status':
      return new CategorizerError('AI_HTTP_ERROR', `ai service answered HTTP ${outcome.status} ${tries}`, {
        status: outcome.status,
        attempts,
      });
    case 'timeout':
      return new CategorizerError('AI_TIMEOUT', `ai service did not answer in time ${tries}`, { attempts });
    case 'network':
      return new CategorizerError('AI_NETWORK_ERROR', `ai service unreachable (${outcome.code}) ${tries}`, {
        attempts,
      });
    case 'bad-response':
      return new CategorizerError(
        'AI_BAD_RESPONSE',
        `ai service answer is not in the chat-completions shape ${tries}`,
        { attempts },
      );
  }
}
