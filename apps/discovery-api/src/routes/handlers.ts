import type { AppOptions } from '../http/app';
import type { HttpMetrics } from '../http/metrics';
import type { Logger } from '../logging';
import type { JsonSchema } from '../openapi/schema-types';
import type { Monitoring } from '../monitoring/monitoring';
import type { TokenStore } from '../store/tokens';
import { adminHandlers } from './admin';
import { discoveryHandlers } from './discovery';
import type { Handler } from './handler';
import { monitorHandler } from './monitor';
import { operationsHandlers } from './operations';
import { priceHandlers } from './prices';
import { webhookEnableHandlers } from './webhook-enable';
import { webhookHandlers } from './webhooks';

export interface HandlerDependencies extends AppOptions {
  logger: Logger;
  clock: () => Date;
  metrics: HttpMetrics;
  document: JsonSchema;
  tokens: TokenStore;
  monitoring: Monitoring;
}

/** Handlers by operationId (openapi/operations.ts). */
export function buildHandlers(deps: HandlerDependencies): Record<string, Handler> {
  return {
    ...discoveryHandlers(deps),
    monitor: monitorHandler(deps),
    ...webhookHandlers(deps),
    ...webhookEnableHandlers(deps),
    ...priceHandlers(deps),
    ...operationsHandlers(deps),
    ...adminHandlers(deps),
  };
}
