import { ASSET_TYPES } from './types';

/** The closed set of codes the discovery library raises. The HTTP layer maps each one to a
 * status with a single table (DECISIONS "Errors"). */
export type DiscoveryErrorCode =
  | 'DISCOVERY_ERROR'
  | 'INVALID_ASSET_TYPE'
  | 'INSUFFICIENT_DATA'
  | 'SCORING_ERROR'
  | 'MARKET_DATA_UNAVAILABLE'
  | 'VALIDATION_ERROR';

export interface DiscoveryErrorOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** Base of every discovery error (the spec's Python `DiscoveryError`). */
export class DiscoveryError extends Error {
  readonly code: DiscoveryErrorCode;
  readonly details: Record<string, unknown>;

  constructor(message: string, options: DiscoveryErrorOptions = {}, code: DiscoveryErrorCode = 'DISCOVERY_ERROR') {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? {};
  }

  toJSON(): { code: DiscoveryErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** An asset type other than etf / stock / crypto. Details carry what the spec asks for. */
export class InvalidAssetTypeError extends DiscoveryError {
  constructor(providedType: unknown, options: { cause?: unknown } = {}) {
    const provided = String(providedType);
    super(
      `Unsupported asset type '${provided}'. Supported types: ${ASSET_TYPES.join(', ')}.`,
      { ...options, details: { supported_types: [...ASSET_TYPES], provided_type: provided } },
      'INVALID_ASSET_TYPE',
    );
  }
}

/** The data is too thin to score at all (no fundamentals and no usable price history). */
export class InsufficientDataError extends DiscoveryError {
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super(message, options, 'INSUFFICIENT_DATA');
  }
}

/** A scoring calculation produced something impossible (NaN, out of range): a bug or a
 * corrupt input that slipped through validation. */
export class ScoringError extends DiscoveryError {
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super(message, options, 'SCORING_ERROR');
  }
}

/** Market data cannot be obtained: a provider is down, or a snapshot file is unreadable or
 * fails validation (details name the file and the offending JSON path). */
export class MarketDataError extends DiscoveryError {
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super(message, options, 'MARKET_DATA_UNAVAILABLE');
  }
}

/** Input (criteria, request members) fails its JSON schema. `details.errors` lists
 * `{ path, message }` per failure. */
export class DiscoveryValidationError extends DiscoveryError {
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super(message, options, 'VALIDATION_ERROR');
  }
}

/** Narrows an unknown value to a supported asset type or throws InvalidAssetTypeError. */
export function assertAssetType(value: unknown): asserts value is (typeof ASSET_TYPES)[number] {
  if (typeof value !== 'string' || !(ASSET_TYPES as readonly string[]).includes(value)) {
    throw new InvalidAssetTypeError(value);
  }
}

export function parseAssetType(value: unknown): (typeof ASSET_TYPES)[number] {
  assertAssetType(value);
  return value;
}
