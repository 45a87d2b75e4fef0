export {
  type Jitter,
  type RetryPolicy,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  backoffDelayMs,
  retryDelayMs,
  parseRetryAfter,
  scheduledDelayMs,
} from './retry-policy';
