import type { Queryable } from '../db/database';

/** The A+ symbols of each discovery run, so the next issue's `new_discovery` event can name
 * the candidates that the previous run of the same asset type did not have. */
export class DiscoveryRunStore {
  constructor(private readonly db: Queryable) {}

  /** Records a run and returns the A+ symbols of the previous run of that asset type. */
  async record(assetType: string, aPlusSymbols: readonly string[]): Promise<string[] | undefined> {
    const previous = await this.db.query<{ a_plus_symbols: string[] }>(
      'SELECT a_plus_symbols FROM discovery_runs WHERE asset_type = $1 ORDER BY run_at DESC, id DESC LIMIT 1',
      [assetType],
    );
    await this.db.query('INSERT INTO discovery_runs (asset_type, a_plus_symbols) VALUES ($1, $2)', [assetType, [...aPlusSymbols]]);
    return previous[0]?.a_plus_symbols;
  }
}
