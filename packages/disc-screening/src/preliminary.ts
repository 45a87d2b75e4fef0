import type { ScreenResult } from './screens';

/**
 * preliminary_score: how comfortably an instrument clears its hard screens, before any
 * price-history scoring. Each numeric screen scores 0.5 + 0.5 × margin clamped to 0..1
 * (0.5 exactly at the limit, 1 at double the headroom of the limit itself, 0 when missing or
 * a full limit short); yes/no screens score 1 or 0. The preliminary score is their mean.
 */
export function preliminaryScore(result: ScreenResult): number {
  if (result.checks.length === 0) return 0;
  let sum = 0;
  for (const c of result.checks) {
    if (c.margin === null) sum += c.passed ? 1 : 0;
    else sum += Math.min(1, Math.max(0, 0.5 + 0.5 * c.margin));
  }
  return Math.round((sum / result.checks.length) * 10000) / 10000;
}
