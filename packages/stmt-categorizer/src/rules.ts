import type { CategoryRule } from './database-files';
import { foldText } from './text';
import type { CategoryDecision, CategorizeInput } from './types';

/** Confidence reported for a keyword or pattern hit: a human wrote the rule, but it is not an exact mapping. */
export const RULE_CONFIDENCE = 0.9;

interface RuleHit {
  category: string;
  matched: string;
  /** A hit in the party name beats any hit in the text; then longer is more specific ("apple music" beats "apple"). */
  score: number;
}

/**
 * A keyword matches whole words only, so `ai` does not fire on `Dubai` nor `bar` on `Barclays`.
 * `padded` is the folded text with a space at each end, built once per row.
 */
function containsWords(padded: string, paddedNeedle: string): boolean {
  return padded.includes(paddedNeedle);
}

const foldedKeywords = new WeakMap<CategoryRule, Array<[keyword: string, needle: string]>>();

/** Keywords folded and padded (` coop `) once per rule rather than once per row. */
function keywordsOf(rule: CategoryRule): Array<[string, string]> {
  let folded = foldedKeywords.get(rule);
  if (!folded) {
    folded = rule.keywords.filter((keyword) => foldText(keyword) !== '').map((keyword) => [keyword, ` ${foldText(keyword)} `]);
    foldedKeywords.set(rule, folded);
  }
  return folded;
}

function bestHitOf(rule: CategoryRule, party: string, text: string, rawParty: string, rawText: string): RuleHit | undefined {
  let best: RuleHit | undefined;
  const consider = (matched: string, length: number, inParty: boolean): void => {
    // The party says who was paid; the text often carries generic words such as "transfer".
    const score = (inParty ? 1_000_000 : 0) + length;
    if (!best || score > best.score) best = { category: rule.name, matched, score };
  };
  for (const [keyword, needle] of keywordsOf(rule)) {
    if (containsWords(party, needle)) consider(keyword, needle.length - 2, true);
    else if (containsWords(text, needle)) consider(keyword, needle.length - 2, false);
  }
  for (const pattern of rule.patterns) {
    const inParty = pattern.exec(rawParty);
    const hit = inParty ?? pattern.exec(rawText);
    if (hit) consider(pattern.source, Math.max(hit[0].length, 1), inParty !== null);
  }
  return best;
}

/**
 * Tier 2: keyword and pattern rules over the party name and the remittance text. The most
 * specific hit wins; between equal hits the category listed first wins.
 */
export function matchRules(rules: readonly CategoryRule[], input: CategorizeInput): CategoryDecision | undefined {
  const rawParty = input.party ?? '';
  const rawText = input.text ?? '';
  const party = ` ${foldText(rawParty)} `;
  const text = ` ${foldText(rawText)} `;
  if (party.trim() === '' && text.trim() === '') return undefined;
  let winner: RuleHit | undefined;
  for (const rule of rules) {
    if (rule.appliesTo && rule.appliesTo !== input.creditDebit) continue;
    const hit = bestHitOf(rule, party, text, rawParty, rawText);
    if (hit && (!winner || hit.score > winner.score)) winner = hit;
  }
  return winner && { category: winner.category, tier: 'rule', confidence: RULE_CONFIDENCE, matched: winner.matched };
}
