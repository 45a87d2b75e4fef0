export { DiscoveryClient } from './client';
export type {
  AssetType, BatchDiscoverRequest, BatchDiscoveryResult, CriteriaResult, CryptoDiscoverOptions, DiscoverOptions, DiscoveryClientOptions,
  DiscoveryResult, EtfDiscoverOptions, IntegrateRequest, IntegrationPlan, MarketContext, MonitorResult, PriceHistory, Schemas, StockDiscoverOptions, Webhook,
  WebhookDeliveryList, WebhookRequest,
} from './client';
export { DiscoveryApiError, retryAfterSeconds } from './errors';
export { retryingFetch } from './retry';
export type { RetryOptions } from './retry';
export type { components, paths, operations } from './generated/api';
