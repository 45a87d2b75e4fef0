export * from './types';
export { ASSET_TYPES, isAssetType, unsupportedAssetTypeMessage } from './asset-types';
export { reportedMarketContext } from './reported-context';

// The error classes, their closed code set and the asset-type assertions: all public.
export * from './errors';
export { API_ONLY_ERROR_CODES, API_ERROR_CODES, type ApiErrorCode } from './api-error-codes';

// The webhook event contract (payloads, builders, the one event list); @disc/webhooks re-exports it.
export * from './webhook-events';
