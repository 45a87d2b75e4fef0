import { ASSET_TYPES, isAssetType, unsupportedAssetTypeMessage, type AssetType } from './asset-types';
import { CodedError } from '@fin/errors';

/** The closed set of codes the discovery libraries raise. The HTTP layer maps each one to a
 * status with a single table (docs/decisions/0007-error-envelope.md). */
export const DISCOVERY_ERROR_CODES = [
  'DISCOVERY_ERROR',
  'INVALID_ASSET_TYPE',
  'INSUFFICIENT_DATA',
  'SCORING_ERROR',
  'MARKET_DATA_UNAVAILABLE',
  'VALIDATION_ERROR',
] as const;
export type DiscoveryErrorCode = (typeof DISCOVERY_ERROR_CODES)[number];

/** The context an error carries: `details` is what the JSON envelope shows the user. */
export interface DiscoveryErrorOptions {
  cause?: unknown;
  details?: Record<string, unknown>;
}

/** Base of every discovery error (the contract's Python `DiscoveryError`, docs/decisions/0003-discovery-service-contract.md). */
export class DiscoveryError extends CodedError<DiscoveryErrorCode> {
  override readonly name: string = 'DiscoveryError';
  readonly details: Record<string, unknown>;

  constructor(code: DiscoveryErrorCode, message: string, options: DiscoveryErrorOptions = {}) {
    super(code, message, options);
    this.details = options.details ?? {};
  }

  toJSON(): { code: DiscoveryErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** An asset type other than etf / stock / crypto. Details carry what the contract asks for. */
export class InvalidAssetTypeError extends DiscoveryError {
  override readonly name: string = 'InvalidAssetTypeError';
  constructor(providedType: unknown, options: { cause?: unknown } = {}) {
    const provided = String(providedType);
    super('INVALID_ASSET_TYPE', unsupportedAssetTypeMessage(provided), {
      ...options,
      details: { supported_types: [...ASSET_TYPES], provided_type: provided },
    });
  }
}

/** The data is too thin to score at all (no fundamentals and no usable price history). */
export class InsufficientDataError extends DiscoveryError {
  override readonly name: string = 'InsufficientDataError';
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super('INSUFFICIENT_DATA', message, options);
  }
}

/** A scoring calculation produced something impossible (NaN, out of range): a bug or a
 * corrupt input that slipped through validation. */
export class ScoringError extends DiscoveryError {
  override readonly name: string = 'ScoringError';
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super('SCORING_ERROR', message, options);
  }
}

/** Market data cannot be obtained: a provider is down, or a snapshot file is unreadable or
 * fails validation (details name the file and the offending JSON path). */
export class MarketDataError extends DiscoveryError {
  override readonly name: string = 'MarketDataError';
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super('MARKET_DATA_UNAVAILABLE', message, options);
  }
}

/** Input (criteria, request members) fails its JSON schema. `details.errors` lists
 * `{ path, message }` per failure. */
export class DiscoveryValidationError extends DiscoveryError {
  override readonly name: string = 'DiscoveryValidationError';
  constructor(message: string, options: DiscoveryErrorOptions = {}) {
    super('VALIDATION_ERROR', message, options);
  }
}

/** Narrows an unknown value to a supported asset type or throws InvalidAssetTypeError. */
export function assertAssetType(value: unknown): asserts value is AssetType {
  if (!isAssetType(value)) {
    throw new InvalidAssetTypeError(value);
  }
}

export function parseAssetType(value: unknown): AssetType {
  assertAssetType(value);
  return value;
}
