import type { Categorizer, CategorizeInput } from '@stmt/categorizer';
import type { StatementRow } from '@stmt/export';
import type { CategoryTally } from './category-tally';
import type { RowEnricher } from './enrich';

function inputFor(row: StatementRow): CategorizeInput {
  return {
    creditDebit: row.credit_debit === 'CRDT' ? 'CRDT' : 'DBIT',
    ...(row.counterparty_name === '' ? {} : { party: row.counterparty_name }),
    ...(row.remittance_info === '' ? {} : { text: row.remittance_info }),
  };
}

/**
 * Rows per batch when the AI service is asked: its requests carry the batch's undecided parties
 * (up to 20 a request), so larger batches make fewer, fuller requests.
 */
export const AI_ENRICH_BATCH_SIZE = 100;

/**
 * Fills `category` for a batch of rows with one `categorizeMany` call (one AI request per batch
 * of unknown parties), counting each decision in `tally` when one is given. The rows are the
 * conversion's own, fresh from `entryToRows`: they get their category in place, not as copies
 * (a copy of every row is garbage a streaming run's small young generation pays for).
 */
export function categorizingEnricher(categorizer: Categorizer, tally?: CategoryTally): RowEnricher {
  const enrich = async (rows: StatementRow[]): Promise<StatementRow[]> => {
    const decisions = await categorizer.categorizeMany(rows.map(inputFor));
    rows.forEach((row, index) => {
      const decision = decisions[index];
      if (decision === undefined) return;
      tally?.add(decision);
      row.category = decision.category;
    });
    return rows;
  };
  return categorizer.asksAi ? Object.assign(enrich, { batchSize: AI_ENRICH_BATCH_SIZE }) : enrich;
}
