import type { CategoryRule } from './database-files';
import { beats, KeywordIndex, RANK_STRIDE } from './keyword-index';
import type { RuleHit } from './keyword-index';
import { foldedWords } from './text';
import type { CategoryDecision, CategorizeInput, CreditDebit } from './types';

/** Confidence reported for a keyword or pattern hit: a human wrote the rule, but it is not an exact mapping. */
export const RULE_CONFIDENCE = 0.9;

/** One field of a row (party name or remittance text), raw for patterns and folded for keywords. */
export interface RowField {
  raw: string;
  words: readonly string[];
}

interface RulePattern {
  pattern: RegExp;
  appliesTo: CreditDebit | undefined;
  category: string;
  rank: number;
}

/**
 * Tier 2: keyword and pattern rules over the party name and the remittance text. A hit in the
 * party beats any hit in the text (the party says who was paid; the text often carries generic
 * words such as "transfer"); within a field the longest hit wins, and between equal hits the
 * category listed first. Keywords match whole words after folding, so `ai` does not fire on
 * `Dubai` nor `bar` on `Barclays`; patterns run on the raw field.
 */
export class RuleMatcher {
  private readonly keywords: KeywordIndex;
  private readonly patterns: RulePattern[];

  constructor(rules: readonly CategoryRule[]) {
    this.keywords = new KeywordIndex(rules);
    this.patterns = rules.flatMap((rule, ruleIndex) => {
      const keywordCount = rule.keywords.filter((keyword) => foldedWords(keyword).length > 0).length;
      return rule.patterns.map((pattern, index) => ({
        pattern,
        appliesTo: rule.appliesTo,
        category: rule.name,
        rank: ruleIndex * RANK_STRIDE + keywordCount + index,
      }));
    });
  }

  /** The best hit within one field. Depends only on the field, so callers may cache it per party. */
  bestHitIn(field: RowField, creditDebit: CreditDebit): RuleHit | undefined {
    let best = this.keywords.bestHit(field.words, creditDebit);
    for (const { pattern, appliesTo, category, rank } of this.patterns) {
      if (appliesTo !== undefined && appliesTo !== creditDebit) continue;
      const hit = pattern.exec(field.raw);
      if (!hit) continue;
      const candidate = { category, matched: pattern.source, length: Math.max(hit[0].length, 1), rank };
      if (beats(candidate, best)) best = candidate;
    }
    return best;
  }

  /** The rule decision for a row whose fields are already folded, given the party's own best hit (cacheable per party). */
  decide(
    party: RowField,
    text: RowField,
    creditDebit: CreditDebit,
    partyHit: RuleHit | undefined,
  ): CategoryDecision | undefined {
    // A row whose party and text fold to nothing (only punctuation) is not matched at all.
    if (party.words.length === 0 && text.words.length === 0) return undefined;
    const hit = partyHit ?? this.bestHitIn(text, creditDebit);
    return hit && ruleDecision(hit);
  }

  match(input: CategorizeInput): CategoryDecision | undefined {
    const party = fieldOf(input.party);
    return this.decide(party, fieldOf(input.text), input.creditDebit, this.bestHitIn(party, input.creditDebit));
  }
}

export function fieldOf(raw: string | undefined): RowField {
  return { raw: raw ?? '', words: foldedWords(raw ?? '') };
}

export function ruleDecision(hit: RuleHit): CategoryDecision {
  return { category: hit.category, tier: 'rule', confidence: RULE_CONFIDENCE, matched: hit.matched };
}

const matchers = new WeakMap<readonly CategoryRule[], RuleMatcher>();

/** `RuleMatcher.match` for a rule list, building (once per list) the matcher behind it. */
export function matchRules(rules: readonly CategoryRule[], input: CategorizeInput): CategoryDecision | undefined {
  let matcher = matchers.get(rules);
  if (!matcher) {
    matcher = new RuleMatcher(rules);
    matchers.set(rules, matcher);
  }
  return matcher.match(input);
}
