// The app's programmatic surface: embed the API in another Node process, or start it the
// way `discovery-api serve` does.
export { createApp, type AppOptions } from './http/app';
export { startServer, type RunningServer, type ServeOptions } from './server/serve';
export { loadConfig, ConfigError, type ApiConfig } from './config';
export { openDatabase } from './db/open';
export type { Database, Queryable } from './db/database';
export { migrate } from './db/migrate';
export { sdkEngine, sdkEngineFactory } from './discovery/sdk-engine';
export { fixedEngine, type DiscoveryEngine, type EngineSource } from './discovery/engine';
export { buildOpenApiDocument } from './openapi/document';
export { ApiError, ERROR_STATUS, type ApiErrorCode } from './http/errors';
export {
  DEFAULT_RATE_LIMITS,
  type RateLimitGroup,
  type RateLimitRule,
  type RateLimitTable,
} from './http/rate-limit-table';
export { TokenStore, type Scope, type TokenRecord } from './store/tokens';
export { createMonitoring, type Monitoring, type MonitoringOptions } from './monitoring/monitoring';
export type { RefreshReport } from './monitoring/refresh';
export { createDeliveryWorker } from './server/delivery-worker';
