import type { Queryable } from '../db/database';

/** The A+ symbols of each discovery run, so the next issue's `new_discovery` event can name
 * the candidates that the previous run of the same asset type did not have. */
export const DEFAULT_RUNS_RETENTION_DAYS = 90;

export class DiscoveryRunStore {
  /** `retentionDays`: runs older than this are deleted as new ones are recorded
   * (DISCOVERY_RUNS_RETENTION_DAYS); the newest run of each asset type is always kept. */
  constructor(
    private readonly db: Queryable,
    private readonly retentionDays = DEFAULT_RUNS_RETENTION_DAYS,
  ) {}

  /** Records a run and returns the A+ symbols of the previous run of that asset type. */
  async record(
    assetType: string,
    aPlusSymbols: readonly string[],
    now: Date = new Date(),
  ): Promise<string[] | undefined> {
    const previous = await this.db.query<{ a_plus_symbols: string[] }>(
      'SELECT a_plus_symbols FROM discovery_runs WHERE asset_type = $1 ORDER BY run_at DESC, id DESC LIMIT 1',
      [assetType],
    );
    await this.db.query('INSERT INTO discovery_runs (asset_type, a_plus_symbols, run_at) VALUES ($1, $2, $3)', [
      assetType,
      [...aPlusSymbols],
      now,
    ]);
    await this.prune(assetType, now);
    return previous[0]?.a_plus_symbols;
  }

  /** Deletes the runs of an asset type older than the retention, except the newest. */
  async prune(assetType: string, now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const rows = await this.db.query(
      `DELETE FROM discovery_runs WHERE asset_type = $1 AND run_at < $2
          AND id <> (SELECT id FROM discovery_runs WHERE asset_type = $1 ORDER BY run_at DESC, id DESC LIMIT 1)
       RETURNING id`,
      [assetType, cutoff],
    );
    return rows.length;
  }
}
