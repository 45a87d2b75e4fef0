export { DiscoveryClient } from './client';
export type {
  AssetType,
  BatchDiscoverRequest,
  BatchDiscoveryResult,
  CriteriaResult,
  CryptoDiscoverOptions,
  DiscoverOptions,
  DiscoveryClientOptions,
  DiscoveryResult,
  EtfDiscoverOptions,
  IntegrateRequest,
  IntegrationPlan,
  MarketContext,
  MonitorResult,
  PriceHistory,
  Schemas,
  StockDiscoverOptions,
  Webhook,
  WebhookDeliveryList,
  WebhookRequest,
} from './client';
export { DISCOVERY_API_ERROR_CODES, DiscoveryApiError, type DiscoveryApiErrorCode, retryAfterSeconds } from './errors';
export { retryingFetch } from './retry';
export type { RetryOptions } from './retry';
export type { components, paths, operations } from './generated/api';
