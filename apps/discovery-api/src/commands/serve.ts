import { Command } from '@oclif/core';
import { loadConfig } from '../config';
import type * as SdkEngine from '../discovery/sdk-engine';
import type { EngineFactory } from '../discovery/snapshot-engine-source';
import { createLogger } from '../logging';
import { checkMarketDataConfig, marketDataSource } from '../market-data-config';
import { warnIfDataDirExposed } from '../server/owner-lock';
import { StartAbortedError, startServer, type RunningServer } from '../server/serve';

export default class Serve extends Command {
  static override summary = 'Start the HTTP API.';

  static override description = `Configuration by environment: PORT, HOST, DISCOVERY_DATA_DIR, DATABASE_URL \
(PostgreSQL instead of the embedded PGlite), REDIS_URL (shared rate limits), LOG_LEVEL, LOG_FORMAT, \
DISCOVERY_DATA_PROVIDER (sample, file, live), DISCOVERY_WORKER (on/off: the in-process webhook worker), \
DISCOVERY_REFRESH_INTERVAL_MS (monitoring refresh; 0 = off), DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS (development).`;

  async run(): Promise<void> {
    const config = loadConfig(process.env);
    // A market-data setting that cannot work stops start-up here, naming the variable.
    await checkMarketDataConfig(process.env);
    const logger = createLogger({ level: config.logLevel, format: config.logFormat });
    // The embedded database's data folder should be its owner's alone (docs/operations.md).
    if (config.database.kind === 'pglite') await warnIfDataDirExposed(config.dataDir, logger);
    // A signal while starting (creating the PGlite database takes seconds) is kept and acted on
    // once the server is up: as PID 1 in a container, Node has no default handler to die by.
    // While it waits for an unreachable PostgreSQL (which may take as long as the outage), the
    // signal ends the wait and the process stops there.
    let early: string | undefined;
    const starting = new AbortController();
    const keep = (signal: string) => (): void => {
      if (early !== undefined) return;
      early = signal;
      starting.abort(signal);
    };
    const keepers = { SIGTERM: keep('SIGTERM'), SIGINT: keep('SIGINT') };
    process.on('SIGTERM', keepers.SIGTERM).on('SIGINT', keepers.SIGINT);
    // The SDK loads with the first engine, after the port answers /healthz.
    let factory: EngineFactory | undefined;
    const engineFactory: EngineFactory = (snapshot) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      factory ??= (require('../discovery/sdk-engine') as typeof SdkEngine).sdkEngineFactory({ env: process.env });
      return factory(snapshot);
    };
    let server: RunningServer;
    try {
      server = await startServer(config, {
        engineFactory,
        logger,
        signal: starting.signal,
        marketData: marketDataSource(process.env),
      });
    } catch (error) {
      if (!(error instanceof StartAbortedError)) throw error;
      logger.info('shutting down', { signal: error.signal, while: 'waiting for the database' });
      logger.info('stopped');
      process.exit(0);
    }
    // SIGTERM (orchestrators) and SIGINT (Ctrl-C): finish in-flight requests, then close the
    // database cleanly; a second signal exits at once.
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) process.exit(1);
      stopping = true;
      logger.info('shutting down', { signal });
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: String(error) });
          process.exit(1);
        },
      );
    };
    process.off('SIGTERM', keepers.SIGTERM).off('SIGINT', keepers.SIGINT);
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    if (early) stop(early);
    await new Promise<never>(() => undefined);
  }
}
