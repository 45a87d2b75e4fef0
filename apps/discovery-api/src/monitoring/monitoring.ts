import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import type { Logger } from '../logging';
import { ScorePointStore } from '../store/score-points';
import { MonitoringRefresh } from './refresh';
import { ScoreRecorder } from './score-recorder';

/** Monitoring over time: the grade history, the recorder that emits events with it, and
 * the refresh that re-scores monitored symbols. One per process, so that the history cache
 * of the embedded database sees every write. */
export interface Monitoring {
  points: ScorePointStore;
  recorder: ScoreRecorder;
  refresh: MonitoringRefresh;
}

export interface MonitoringOptions {
  db: Database;
  engine: EngineSource;
  logger: Logger;
  clock?: () => Date;
  /** Called after a commit that wrote webhook deliveries. */
  onEnqueued?: () => void;
  /** Days discovery runs are kept (default 90). */
  runsRetentionDays?: number;
}

/** The embedded database has one user, this process, so it may cache what it reads. A
 * shared PostgreSQL is written by other instances and the CLI, so histories are read from it
 * on every request: a cache invalidated by `NOTIFY discovery_score_points` proved racy under
 * load (a read in flight could outlive the notification), and stale grade history is worse
 * than a slower monitor. Writers still send the notification, for a cache that gets it right. */
function scorePointStore(db: Database): ScorePointStore {
  return new ScorePointStore(db, { cache: db.engine === 'pglite' });
}

export function createMonitoring(options: MonitoringOptions): Monitoring {
  const clock = options.clock ?? (() => new Date());
  const points = scorePointStore(options.db);
  const recorder = new ScoreRecorder(options.db, points, clock, options.onEnqueued, options.runsRetentionDays);
  const refresh = new MonitoringRefresh({
    db: options.db,
    engine: options.engine,
    recorder,
    clock,
    logger: options.logger,
  });
  return { points, recorder, refresh };
}
