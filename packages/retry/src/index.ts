export type { Jitter, RetryPolicy } from './retry-policy';
export {
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  backoffDelayMs,
  retryDelayMs,
  parseRetryAfter,
  scheduledDelayMs,
} from './retry-policy';
