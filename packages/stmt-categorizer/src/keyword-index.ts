import type { CategoryRule } from './database-files';
import { foldedWords } from './text';
import type { CreditDebit } from './types';

/**
 * One place a rule can hit. `rank` orders hits of equal length: the rule listed first wins,
 * and within a rule its keywords (in file order) come before its patterns.
 */
export interface RuleHit {
  category: string;
  matched: string;
  /** Folded keyword length or matched pattern length: longer is more specific ("apple music" beats "apple"). */
  length: number;
  rank: number;
}

/** Ranks are `rule index × RANK_STRIDE + position in the rule`; no rule has a million entries. */
export const RANK_STRIDE = 1_000_000;

/** True when `candidate` should replace `best`: longer wins, then the lower rank. */
export function beats(candidate: RuleHit, best: RuleHit | undefined): boolean {
  return !best || candidate.length > best.length || (candidate.length === best.length && candidate.rank < best.rank);
}

interface KeywordEntry extends RuleHit {
  appliesTo: CreditDebit | undefined;
}

/**
 * Every keyword of every rule, folded once at load time and keyed by its words joined with one
 * space. A keyword matches whole words, so a row's hits are exactly the runs of consecutive
 * words that are keys here: the cost per row depends on the number of words in the row, not
 * on the number of keywords (~600 in the starter database).
 */
export class KeywordIndex {
  private readonly phrases = new Map<string, KeywordEntry[]>();
  /** Proper word prefixes of multi-word keywords (`deutsche` of `deutsche bahn`): worth extending. */
  private readonly prefixes = new Set<string>();

  constructor(rules: readonly CategoryRule[]) {
    rules.forEach((rule, ruleIndex) => {
      let position = 0;
      for (const keyword of rule.keywords) {
        const words = foldedWords(keyword);
        if (words.length === 0) continue;
        const phrase = words.join(' ');
        const entry: KeywordEntry = {
          category: rule.name,
          matched: keyword,
          length: phrase.length,
          rank: ruleIndex * RANK_STRIDE + position,
          appliesTo: rule.appliesTo,
        };
        position += 1;
        const entries = this.phrases.get(phrase);
        if (entries) entries.push(entry);
        else this.phrases.set(phrase, [entry]);
        for (let n = 1; n < words.length; n += 1) this.prefixes.add(words.slice(0, n).join(' '));
      }
    });
  }

  /** The best keyword hit among the folded `words` of one field, for rules that apply to `creditDebit`. */
  bestHit(words: readonly string[], creditDebit: CreditDebit): RuleHit | undefined {
    let best: RuleHit | undefined;
    for (let start = 0; start < words.length; start += 1) {
      let phrase = words[start] as string;
      for (let next = start + 1; ; next += 1) {
        const entries = this.phrases.get(phrase);
        if (entries) {
          for (const entry of entries) {
            if ((entry.appliesTo === undefined || entry.appliesTo === creditDebit) && beats(entry, best)) best = entry;
          }
        }
        if (next >= words.length || !this.prefixes.has(phrase)) break;
        phrase = `${phrase} ${words[next] as string}`;
      }
    }
    return best;
  }
}
