import { gradeChangeEvent, newDiscoveryEvent, type GradeHistoryStore, type ScorePoint } from '@disc/monitoring';
import type { TopDiscovery } from '@disc/webhooks';
import type { Database, Queryable } from '../db/database';
import { DiscoveryRunStore } from '../store/discovery-runs';
import { enqueueGradeChange, enqueueNewDiscovery } from './event-outbox';

/** The A+ candidates of one discovery run of an asset type. */
export interface DiscoveryRun {
  assetType: string;
  aPlus: TopDiscovery[];
}

export interface RecordedScores {
  /** Points written (identical re-scorings of the same day are skipped). */
  points: number;
  gradeChanges: number;
  newDiscoveries: number;
  /** Outbox rows written: one per event and receiving webhook. */
  deliveries: number;
}

// Every writer of score points takes this lock for its transaction, so that two instances
// scoring the same symbol at once cannot both compare against the same previous point and
// both emit the same grade change.
const SCORE_LOCK_KEY = 4_711_2027;

/**
 * Records score points and discovery runs, and writes the events they cause to the webhook
 * outbox in the same transaction (docs/decisions/0011-monitoring.md): a `grade_change` when a point's
 * grade differs from the symbol's previous point, a `new_discovery` when a run has A+
 * candidates the previous run of its asset type did not have. Either all of it is
 * committed or none of it, so an event is never lost nor sent for a change that was not
 * stored.
 */
export class ScoreRecorder {
  constructor(
    private readonly db: Database,
    private readonly points: GradeHistoryStore<Queryable>,
    private readonly clock: () => Date,
    /** Called after a commit that wrote deliveries (wakes an in-process worker). */
    private readonly onEnqueued: () => void = () => undefined,
    /** Days discovery runs are kept (DISCOVERY_RUNS_RETENTION_DAYS). */
    private readonly runsRetentionDays?: number,
  ) {}

  async record(input: readonly ScorePoint[], runs: readonly DiscoveryRun[] = []): Promise<RecordedScores> {
    const points = this.points.changed(input);
    if (points.length === 0 && runs.length === 0)
      return { points: 0, gradeChanges: 0, newDiscoveries: 0, deliveries: 0 };
    const now = this.clock();
    const result = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCORE_LOCK_KEY]);
      const previous = await this.points.latest(
        tx,
        points.map((p) => p.symbol),
      );
      const written = await this.points.insert(tx, points, previous);
      let deliveries = 0;
      let gradeChanges = 0;
      for (const point of points) {
        const event = gradeChangeEvent(previous.get(point.symbol), point, { at: now });
        if (event === undefined) continue;
        gradeChanges += 1;
        deliveries += await enqueueGradeChange(tx, event, now);
      }
      let newDiscoveries = 0;
      const history = new DiscoveryRunStore(tx, this.runsRetentionDays);
      for (const run of runs) {
        // The first run of an asset type has no predecessor: all its A+ candidates are new.
        const before =
          (await history.record(
            run.assetType,
            run.aPlus.map((c) => c.symbol),
            now,
          )) ?? [];
        const event = newDiscoveryEvent(run.assetType, before, run.aPlus, { at: now });
        if (event === undefined) continue;
        newDiscoveries += 1;
        deliveries += await enqueueNewDiscovery(tx, event, now);
      }
      return { points: written, gradeChanges, newDiscoveries, deliveries, previous };
    });
    this.points.remember(points, result.previous);
    if (result.deliveries > 0) this.onEnqueued();
    return {
      points: result.points,
      gradeChanges: result.gradeChanges,
      newDiscoveries: result.newDiscoveries,
      deliveries: result.deliveries,
    };
  }
}
