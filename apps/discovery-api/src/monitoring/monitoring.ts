import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import type { Logger } from '../logging';
import { SCORE_POINTS_CHANNEL, ScorePointStore } from '../store/score-points';
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
 * shared PostgreSQL is written by other instances and the CLI: histories are cached only
 * while this instance LISTENs for writes of points (each notification drops the symbols
 * written), and read on every request while that connection is lost. */
function scorePointStore(db: Database, logger: Logger): ScorePointStore {
  if (db.engine === 'pglite') return new ScorePointStore(db, { cache: true });
  if (db.listen === undefined) return new ScorePointStore(db);
  // The cache check runs per read, after the listener below exists.
  const points: ScorePointStore = new ScorePointStore(db, { cache: () => listener.listening });
  const listener = db.listen(SCORE_POINTS_CHANNEL, (event, payload) => {
    points.invalidate(event === 'notify' && payload !== undefined && payload !== '*' ? payload.split(',') : undefined);
    if (event === 'lost') logger.warn('lost the grade-history notifications; reading histories from the database until they are back', { channel: SCORE_POINTS_CHANNEL });
  });
  return points;
}

export function createMonitoring(options: MonitoringOptions): Monitoring {
  const clock = options.clock ?? (() => new Date());
  const points = scorePointStore(options.db, options.logger);
  const recorder = new ScoreRecorder(options.db, points, clock, options.onEnqueued, options.runsRetentionDays);
  const refresh = new MonitoringRefresh({ db: options.db, engine: options.engine, recorder, clock, logger: options.logger });
  return { points, recorder, refresh };
}
