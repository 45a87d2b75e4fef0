import { Command } from '@oclif/core';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createLogger } from '../logging';
import { StartAbortedError, openWhenReachable, redactedUrl } from '../server/database-wait';
import { createDeliveryWorker } from '../server/delivery-worker';

export default class Worker extends Command {
  static override summary = 'Run a webhook delivery worker beside `serve` (needs DATABASE_URL).';

  static override description = `Sends the outbox deliveries that API processes write, with \
retries. Needs DATABASE_URL (PostgreSQL); any number of workers may share it. Run \`serve\` with \
DISCOVERY_WORKER=off to leave delivery to these processes. The embedded database runs its \
worker inside \`serve\`.`;

  async run(): Promise<void> {
    const config = loadConfig(process.env);
    if (config.database.kind !== 'postgres') {
      this.error(
        '`discovery-api worker` needs DATABASE_URL (PostgreSQL): the embedded database is single-process, and `serve` delivers its webhooks itself.',
        { exit: 2 },
      );
    }
    const logger = createLogger({ level: config.logLevel, format: config.logFormat });
    // A PostgreSQL that is not reachable yet (started after the worker, or in an outage) is
    // waited for, as `serve` waits; a stop signal meanwhile ends the wait with exit 0.
    const starting = new AbortController();
    const keep = (signal: string) => (): void => starting.abort(signal);
    const keepers = { SIGTERM: keep('SIGTERM'), SIGINT: keep('SIGINT') };
    process.once('SIGTERM', keepers.SIGTERM).once('SIGINT', keepers.SIGINT);
    const target = config.database;
    let db: Database;
    try {
      db = await openWhenReachable(() => openDatabase(target), {
        logger,
        where: redactedUrl(target.url, 'postgres'),
        signal: starting.signal,
      });
    } catch (error) {
      if (!(error instanceof StartAbortedError)) throw error;
      logger.info('worker stopping', { signal: error.signal, while: 'waiting for the database' });
      process.exit(0);
    }
    process.off('SIGTERM', keepers.SIGTERM).off('SIGINT', keepers.SIGINT);
    const worker = createDeliveryWorker(db, config, logger);
    worker.start();
    logger.info('worker started', { worker_id: worker.workerId });
    // SIGTERM/SIGINT: finish the attempts in flight and record them, then exit. A worker
    // killed outright leaves its claimed deliveries to be retried when their lease ends.
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) process.exit(1);
      stopping = true;
      logger.info('worker stopping', { signal });
      worker
        .stop()
        .then(() => db.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error('worker shutdown failed', { error: String(error) });
            process.exit(1);
          },
        );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    await new Promise<never>(() => undefined);
  }
}
