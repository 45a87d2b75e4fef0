import { LRUCache } from 'lru-cache';
import type { LocalClassifier } from './classifier';
import type { CategoryDatabase } from './database';
import type { RuleHit } from './keyword-index';
import { RowCache } from './row-cache';
import { fieldOf, ruleDecision, RuleMatcher } from './rules';
import type { RowField } from './rules';
import { classifierTokens, mappingKey } from './text';
import type { CategorizeInput, CategoryDecision, CreditDebit } from './types';

/**
 * Parties remembered per direction, and distinct rows. A statement repeats a few thousand
 * parties, and an LRU smaller than the parties a statement cycles through misses on every row
 * (7,000 parties in 5,000 places never hit); the bounds keep the caches to a few MiB, within the
 * old space `stmt convert --streaming` runs with, whatever a 1 GB statement holds.
 */
const PARTY_CACHE_LIMIT = 10_000;
const DECISION_CACHE_LIMIT = 10_000;

/** Everything about a party that does not depend on the remittance text, computed once per party and direction. */
interface PartyProfile {
  field: RowField;
  hit: RuleHit | undefined;
  /** Set when the party alone decides: an exact mapping, or a rule hit in the party (which beats any hit in the text). */
  decision: CategoryDecision | undefined;
}

/**
 * Tiers 1–3 (mapping → rules → classifier) for one row, with the work that repeats across a
 * statement cached: party profiles per (direction, party), whole decisions per row content.
 * Pure apart from its caches; `forget` drops them when the mappings change.
 */
export class LocalTiers {
  private readonly rules: RuleMatcher;
  /** One cache per direction, keyed by the party as given: no key to build, no string to hash twice. */
  private readonly parties: Record<CreditDebit, LRUCache<string, PartyProfile>> = {
    DBIT: new LRUCache({ max: PARTY_CACHE_LIMIT }),
    CRDT: new LRUCache({ max: PARTY_CACHE_LIMIT }),
  };
  private readonly decisions = new RowCache<CategoryDecision | undefined>(DECISION_CACHE_LIMIT);

  constructor(
    private readonly database: CategoryDatabase,
    private readonly classifier: LocalClassifier,
    private readonly threshold: number,
  ) {
    this.rules = new RuleMatcher(database.categories);
  }

  decide(input: CategorizeInput): CategoryDecision | undefined {
    const party = input.party ?? '';
    const text = input.text ?? '';
    const profile = this.profileOf(party, input.creditDebit);
    if (profile.decision) return { ...profile.decision };
    if (!this.decisions.active()) return this.decideByText(profile, fieldOf(text), input.creditDebit);
    // The length prefix keeps (party "ab", text "c") apart from (party "a", text "bc").
    const key = `${input.creditDebit}${party.length}:${party}${text}`;
    const cached = this.decisions.get(key);
    if (cached) return cached.value && { ...cached.value };
    const decision = this.decideByText(profile, fieldOf(text), input.creditDebit);
    this.decisions.set(key, decision);
    return decision && { ...decision };
  }

  /** Mappings changed (saved): cached decisions may be stale. */
  forget(): void {
    this.parties.DBIT.clear();
    this.parties.CRDT.clear();
    this.decisions.clear();
  }

  private profileOf(party: string, creditDebit: CreditDebit): PartyProfile {
    const cache = this.parties[creditDebit];
    let profile = cache.get(party);
    if (!profile) {
      const field = fieldOf(party);
      const hit = this.rules.bestHitIn(field, creditDebit);
      // A party that folds to nothing cannot decide alone: an empty row gets no rule decision at all.
      const decision =
        this.mappingOf(party, creditDebit) ?? (hit && field.words.length > 0 ? ruleDecision(hit) : undefined);
      profile = { field, hit, decision };
      cache.set(party, profile);
    }
    return profile;
  }

  private mappingOf(party: string, creditDebit: CreditDebit): CategoryDecision | undefined {
    if (party === '') return undefined;
    const mappings = creditDebit === 'DBIT' ? this.database.debtors : this.database.creditors;
    const mapped = mappings.get(mappingKey(party));
    return mapped && { category: mapped.category, tier: 'mapping', confidence: 1, matched: mapped.party };
  }

  private decideByText(profile: PartyProfile, text: RowField, creditDebit: CreditDebit): CategoryDecision | undefined {
    const rule = this.rules.decide(profile.field, text, creditDebit, profile.hit);
    if (rule) return rule;
    // The classifier reads party and text as one text; its tokens are the party's followed by the
    // text's. The party's evidence is not kept in its profile: summing a few words costs no
    // measurable time, and 20,000 cached profiles held 2–3 MiB of scores (the 50 MB dense
    // camt.053's converting process peaked that much higher).
    const party = this.classifier.evidence(classifierTokens(profile.field.words));
    return this.classifier.decideFrom(this.classifier.evidence(classifierTokens(text.words), party), this.threshold);
  }
}
