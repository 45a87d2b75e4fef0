import { Decimal } from '../decimal';
import type { BookedMovement } from '../reconcile';
import type { ParseIssue, SourceLocation } from '../types';
import type { ReportedTotal } from './balance';

/**
 * MT942 has no closing balance to reconcile against; it states the number and sum of its
 * debit (`:90D:`) and credit (`:90C:`) entries instead, which we check the same way.
 */
export function checkReportedTotals(
  movement: BookedMovement,
  totals: readonly { tag: string; total: ReportedTotal; location: SourceLocation }[],
): ParseIssue[] {
  const problems: ParseIssue[] = [];
  for (const { tag, total, location } of totals) {
    const sums = movement.get(total.currency);
    const actual = (tag === '90D' ? sums?.debits : sums?.credits) ?? Decimal.zero();
    if (actual.eq(total.amount)) continue;
    const side = tag === '90D' ? 'debits' : 'credits';
    problems.push({
      code: 'UNRECONCILED_BALANCE',
      severity: 'error',
      message: `:${tag}: reports ${side} of ${total.amount.toString()} ${total.currency}, but the entries add up to ${actual.toString()}`,
      location,
    });
  }
  return problems;
}
