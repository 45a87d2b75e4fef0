/**
 * The first implementation of text folding and rule matching, kept verbatim in behaviour as
 * the reference the fast matcher is checked against: every keyword of every rule tested with
 * `includes` on the padded, folded row. Simple enough to trust, too slow to ship.
 */
import type { CategoryRule } from '../src/database-files';
import type { CategoryDecision, CategorizeInput } from '../src/types';

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function referenceFold(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Hit {
  category: string;
  matched: string;
  score: number;
}

function bestHitOf(
  rule: CategoryRule,
  party: string,
  text: string,
  rawParty: string,
  rawText: string,
): Hit | undefined {
  let best: Hit | undefined;
  const consider = (matched: string, length: number, inParty: boolean): void => {
    const score = (inParty ? 1_000_000 : 0) + length;
    if (!best || score > best.score) best = { category: rule.name, matched, score };
  };
  for (const keyword of rule.keywords) {
    const folded = referenceFold(keyword);
    if (folded === '') continue;
    const needle = ` ${folded} `;
    if (party.includes(needle)) consider(keyword, folded.length, true);
    else if (text.includes(needle)) consider(keyword, folded.length, false);
  }
  for (const pattern of rule.patterns) {
    const inParty = pattern.exec(rawParty);
    const hit = inParty ?? pattern.exec(rawText);
    if (hit) consider(pattern.source, Math.max(hit[0].length, 1), inParty !== null);
  }
  return best;
}

export function referenceMatchRules(
  rules: readonly CategoryRule[],
  input: CategorizeInput,
): CategoryDecision | undefined {
  const rawParty = input.party ?? '';
  const rawText = input.text ?? '';
  const party = ` ${referenceFold(rawParty)} `;
  const text = ` ${referenceFold(rawText)} `;
  if (party.trim() === '' && text.trim() === '') return undefined;
  let winner: Hit | undefined;
  for (const rule of rules) {
    if (rule.appliesTo && rule.appliesTo !== input.creditDebit) continue;
    const hit = bestHitOf(rule, party, text, rawParty, rawText);
    if (hit && (!winner || hit.score > winner.score)) winner = hit;
  }
  return winner && { category: winner.category, tier: 'rule', confidence: 0.9, matched: winner.matched };
}
