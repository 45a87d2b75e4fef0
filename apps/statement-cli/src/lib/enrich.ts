import type { StatementRow } from '@stmt/export';

/**
 * The seam where categorisation slots in: rows pass through in batches, so a categoriser can
 * send one request per batch of parties instead of one per row. It may fill `category` (or any
 * column) but must return one row per row given, in the same order.
 */
export type RowEnricher = (rows: StatementRow[]) => Promise<StatementRow[]>;

export const ENRICH_BATCH_SIZE = 500;

/** Conversion without categorisation: the `category` column stays empty. */
export const leaveRowsAsTheyAre: RowEnricher = (rows) => Promise.resolve(rows);
