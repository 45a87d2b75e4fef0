import type { Queryable } from '../db/database';

/** The symbols the scheduled refresh re-scores: every symbol that was ever scored (by a
 * discovery or a monitor request) and every symbol a live webhook names in its `symbols`
 * interest. Sorted, so a refresh walks them in a stable order. */
export async function monitoredSymbols(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ symbol: string }>(
    `SELECT symbol FROM score_points
     UNION
     SELECT upper(unnest(symbols)) FROM webhooks WHERE deleted_at IS NULL AND symbols IS NOT NULL
     ORDER BY 1`,
  );
  return rows.map((row) => row.symbol);
}
