import type { StatementRow } from '@stmt/export';

/**
 * The seam where categorisation slots in: rows pass through in batches, so a categoriser can
 * send one request per batch of parties instead of one per row. It may fill `category` (or any
 * column) but must return one row per row given, in the same order.
 */
export type RowEnricher = (rows: StatementRow[]) => Promise<StatementRow[]>;

/**
 * Rows per batch. The AI tier sends 20 parties per request anyway; a small batch keeps few rows
 * alive at a time, which a streaming run's small young generation collects cheaply.
 */
export const ENRICH_BATCH_SIZE = 100;

/** Conversion without categorisation: the `category` column stays empty. */
export const leaveRowsAsTheyAre: RowEnricher = (rows) => Promise.resolve(rows);
