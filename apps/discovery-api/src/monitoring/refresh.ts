import { scorePointOf, type ScorePoint } from '@disc/monitoring';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import type { Logger } from '../logging';
import { monitoredSymbols } from './monitored-symbols';
import type { ScoreRecorder } from './score-recorder';

export interface RefreshReport {
  started_at: string;
  /** Symbols monitored (discovered, monitored, or named by a webhook). */
  monitored: number;
  /** Of those, the ones the market data still has and that were scored. */
  scored: number;
  points_written: number;
  grade_changes: number;
  deliveries: number;
}

export interface MonitoringRefreshOptions {
  db: Database;
  engine: EngineSource;
  recorder: ScoreRecorder;
  clock: () => Date;
  logger: Logger;
}

/**
 * Re-scores every monitored symbol with the market data in force, records the day's point
 * and lets the recorder emit `grade_change` events. Runs on a timer in `serve`
 * (DISCOVERY_REFRESH_INTERVAL_MS) and at once after `data load` or POST /v1/admin/refresh.
 * Runs never overlap: a trigger during a run queues one more run after it, so a snapshot
 * loaded mid-run is still scored.
 */
export class MonitoringRefresh {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MonitoringRefreshOptions) {}

  runNow(): Promise<RefreshReport> {
    const run = this.chain.then(() => this.run());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Starts the schedule; 0 leaves it off. Failures are logged, the schedule goes on. */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer !== undefined) return;
    this.timer = setInterval(() => {
      this.runNow().catch((error: unknown) =>
        this.options.logger.error('monitoring refresh failed', { error: String(error) }),
      );
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private async run(): Promise<RefreshReport> {
    const { db, engine: source, recorder, clock, logger } = this.options;
    const startedAt = clock();
    const symbols = await monitoredSymbols(db);
    const engine = await source.current();
    const day = startedAt.toISOString().slice(0, 10);
    const points: ScorePoint[] = [];
    for (const symbol of symbols) {
      const assessment = await engine.assess(symbol);
      // A symbol the data no longer has keeps its history; its monitor alerts say so.
      if (assessment === undefined) continue;
      points.push(scorePointOf({ ...assessment, symbol }, day));
    }
    const recorded = await recorder.record(points);
    const report: RefreshReport = {
      started_at: startedAt.toISOString(),
      monitored: symbols.length,
      scored: points.length,
      points_written: recorded.points,
      grade_changes: recorded.gradeChanges,
      deliveries: recorded.deliveries,
    };
    logger.info('monitoring refresh', { ...report });
    return report;
  }
}
