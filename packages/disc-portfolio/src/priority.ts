/**
 * Implementation priority 1–5 (1 first) from the first-year benefit of a change against
 * what it costs to make it.
 *
 * benefit (USD / year) = annual expense savings
 *                      + grade steps gained × 0.5 % × position value
 *                      + Sharpe improvement × portfolio volatility after × portfolio value
 * The second term values one grade band (0.05 of final score) at 0.5 % a year of the
 * position; the third is the extra return the portfolio earns at its new volatility for the
 * Sharpe it gains (negative when the change makes risk-adjusted returns worse).
 *
 * ratio = benefit / transaction costs:  ≥ 50 → 1,  ≥ 20 → 2,  ≥ 5 → 3,  ≥ 1 → 4,  otherwise 5
 * (a change that does not pay back its costs within a year, or has no benefit, is 5).
 */
export const VALUE_PER_GRADE_STEP = 0.005;

export const PRIORITY_THRESHOLDS: readonly { minRatio: number; priority: number }[] = Object.freeze([
  { minRatio: 50, priority: 1 },
  { minRatio: 20, priority: 2 },
  { minRatio: 5, priority: 3 },
  { minRatio: 1, priority: 4 },
]);

export interface BenefitInputs {
  annualSavings: number;
  gradeSteps: number;
  positionValue: number;
  sharpeImprovement: number;
  volatilityAfter: number;
  portfolioValue: number;
}

export function annualBenefit(b: BenefitInputs): number {
  return (
    b.annualSavings +
    b.gradeSteps * VALUE_PER_GRADE_STEP * b.positionValue +
    b.sharpeImprovement * b.volatilityAfter * b.portfolioValue
  );
}

export function priorityFor(benefit: number, transactionCosts: number): number {
  if (!(benefit > 0)) return 5;
  if (transactionCosts <= 0) return 1;
  const ratio = benefit / transactionCosts;
  return PRIORITY_THRESHOLDS.find((t) => ratio >= t.minRatio)?.priority ?? 5;
}
