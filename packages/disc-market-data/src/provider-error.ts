import { MarketDataError } from '@disc/types';

/** The live sources, as named in error details and logs. */
export type SourceName = 'yahoo' | 'coingecko' | 'fred';

export const SOURCE_LABELS: Readonly<Record<SourceName, string>> = Object.freeze({
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  fred: 'FRED',
});

/**
 * Why a source could not answer (`details.reason` of the MarketDataError). `not_found` is
 * an answer about one symbol, the others mean the source is unusable right now.
 */
export type FailureReason =
  'unreachable' | 'timeout' | 'throttled' | 'unavailable' | 'rejected' | 'not_found' | 'malformed';

export interface SourceFailure {
  source: SourceName;
  reason: FailureReason;
  /** The request, with API keys redacted. */
  url: string;
  status?: number;
  /** The provider's own error text, when its body carried one. */
  providerMessage?: string;
  attempts?: number;
  cause?: unknown;
}

/** A MarketDataError (code MARKET_DATA_UNAVAILABLE → HTTP 503) naming the source and why. */
export function sourceError(f: SourceFailure, what?: string): MarketDataError {
  const label = SOURCE_LABELS[f.source];
  const status = f.status === undefined ? '' : ` (HTTP ${f.status})`;
  const said = f.providerMessage ? `: ${f.providerMessage}` : '';
  const message = `${label} ${REASON_TEXT[f.reason]}${status}${said} — GET ${f.url}${what ? ` (${what})` : ''}`;
  const details: Record<string, unknown> = { provider: f.source, reason: f.reason, url: f.url };
  if (f.status !== undefined) details.status = f.status;
  if (f.providerMessage !== undefined) details.provider_message = f.providerMessage;
  if (f.attempts !== undefined) details.attempts = f.attempts;
  return new MarketDataError(message, f.cause === undefined ? { details } : { details, cause: f.cause });
}

const REASON_TEXT: Readonly<Record<FailureReason, string>> = {
  unreachable: 'is unreachable',
  timeout: 'did not answer in time',
  throttled: 'kept throttling requests',
  unavailable: 'is unavailable',
  rejected: 'rejected the request',
  not_found: 'does not know this symbol',
  malformed: 'answered with an unexpected body',
};

/** The failure reason carried by an error from this package, if it is one. */
export function failureReasonOf(error: unknown): FailureReason | undefined {
  if (!(error instanceof MarketDataError)) return undefined;
  const reason = error.details.reason;
  return typeof reason === 'string' ? (reason as FailureReason) : undefined;
}
