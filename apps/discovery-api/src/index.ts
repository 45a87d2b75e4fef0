// The app's programmatic surface: embed the API in another Node process, or start it the
// way `discovery-api serve` does.
export { createApp } from './http/app';
export type { AppOptions } from './http/app';
export { startServer } from './server/serve';
export type { RunningServer, ServeOptions } from './server/serve';
export { loadConfig, ConfigError } from './config';
export type { ApiConfig } from './config';
export { openDatabase } from './db/open';
export type { Database, Queryable } from './db/database';
export { migrate } from './db/migrate';
export { sdkEngine, sdkEngineFactory } from './discovery/sdk-engine';
export { fixedEngine } from './discovery/engine';
export type { DiscoveryEngine, EngineSource } from './discovery/engine';
export { buildOpenApiDocument } from './openapi/document';
export { ApiError, ERROR_STATUS } from './http/errors';
export type { ApiErrorCode } from './http/errors';
export { DEFAULT_RATE_LIMITS } from './http/rate-limit-table';
export type { RateLimitGroup, RateLimitRule, RateLimitTable } from './http/rate-limit-table';
export { TokenStore } from './store/tokens';
export type { Scope, TokenRecord } from './store/tokens';
export { createMonitoring } from './monitoring/monitoring';
export type { Monitoring, MonitoringOptions } from './monitoring/monitoring';
export type { RefreshReport } from './monitoring/refresh';
export { createDeliveryWorker } from './server/delivery-worker';
