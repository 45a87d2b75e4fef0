import type { CategoryDecision, DecisionTier } from '@stmt/categorizer';

/** Rows per category and per deciding tier, for the dry-run summary. */
export class CategoryTally {
  readonly categories = new Map<string, number>();
  readonly tiers = new Map<DecisionTier, number>();

  add(decision: CategoryDecision): void {
    this.categories.set(decision.category, (this.categories.get(decision.category) ?? 0) + 1);
    this.tiers.set(decision.tier, (this.tiers.get(decision.tier) ?? 0) + 1);
  }

  get empty(): boolean {
    return this.categories.size === 0;
  }

  /** Most rows first, then by name, so the summary reads like a ranking and is stable. */
  static ranked<K extends string>(counts: ReadonlyMap<K, number>): [K, number][] {
    return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  }

  toJSON(): { categories: Record<string, number>; tiers: Record<string, number> } {
    return {
      categories: Object.fromEntries(CategoryTally.ranked(this.categories)),
      tiers: Object.fromEntries(CategoryTally.ranked(this.tiers)),
    };
  }
}
