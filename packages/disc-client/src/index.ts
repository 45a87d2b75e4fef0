export {
  DiscoveryClient,
  type AssetType,
  type BatchDiscoverRequest,
  type BatchDiscoveryResult,
  type CriteriaResult,
  type CryptoDiscoverOptions,
  type DiscoverOptions,
  type DiscoveryClientOptions,
  type DiscoveryResult,
  type EtfDiscoverOptions,
  type IntegrateRequest,
  type IntegrationPlan,
  type MarketContext,
  type MonitorResult,
  type PriceHistory,
  type Schemas,
  type StockDiscoverOptions,
  type Webhook,
  type WebhookDeliveryList,
  type WebhookRequest,
} from './client';
export {
  DISCOVERY_API_ERROR_CODES,
  DiscoveryApiError,
  type DiscoveryApiErrorCode,
  apiErrorOf,
  retryAfterSeconds,
} from './errors';
export { retryingFetch, type RetryOptions } from './retry';
export type { components, paths, operations } from './generated/api';
