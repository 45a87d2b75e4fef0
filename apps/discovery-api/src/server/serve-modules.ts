/** What `startServer` needs once its port answers, loaded only then (server/serve.ts): /healthz
 * does not wait for the API's modules (the SDK, the OpenAPI document, the schema validator,
 * the database drivers). */
export { openDatabase } from '../db/open';
export { snapshotEngineSource } from '../discovery/snapshot-engine-source';
export { createApp } from '../http/app';
export { createMonitoring } from '../monitoring/monitoring';
export { SnapshotStore } from '../store/snapshots';
export { TokenStore } from '../store/tokens';
export { ensureAdminSecret } from './admin-secret';
export { createDeliveryWorker } from './delivery-worker';
export { connectRedisLimits } from './redis';
