import { DeliveryWorker } from '@disc/webhooks';
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../logging';

/** The outbox delivery worker as `serve` and `discovery-api worker` run it: configured from
 * the environment, every attempt logged (never the secret or the body). */
export function createDeliveryWorker(db: Database, config: ApiConfig, logger: Logger): DeliveryWorker {
  return new DeliveryWorker({
    db,
    pollIntervalMs: config.workerPollMs,
    concurrency: config.workerConcurrency,
    urlPolicy: { allowLoopback: config.allowLoopbackWebhooks },
    ...(config.retrySchedule === undefined ? {} : { schedule: config.retrySchedule }),
    onAttempt: (delivery, result, outcome) => {
      const fields = {
        delivery_id: delivery.id,
        webhook_id: delivery.webhookId,
        event: delivery.eventType,
        attempt: delivery.attempt,
        status_code: result.status,
        latency_ms: result.latencyMs,
        outcome: outcome.outcome,
        ...(result.error === undefined ? {} : { error: result.error }),
      };
      if (result.ok) logger.info('webhook delivered', fields);
      else logger.warn('webhook attempt failed', fields);
    },
    onError: (error) => logger.error('webhook worker poll failed', { error: String(error) }),
  });
}
