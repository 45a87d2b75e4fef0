import { Naivebayes } from 'classificator';
import { LRUCache } from 'lru-cache';
import { rowText, tokenize } from './text';
import type { CategoryDecision, CategorizeInput, LabelledExample } from './types';

export const DEFAULT_CLASSIFIER_THRESHOLD = 0.6;
const DEFAULT_SMOOTHING = 0.1;
/** Statements repeat parties; the least recently asked texts beyond this many are forgotten. */
const CACHE_LIMIT = 10_000;

type Prediction = { category: string; confidence: number };

/**
 * The log-space score of each category given some tokens (the prior plus each known token's
 * log probability). Built for a row's party, then extended by the row's text. It holds until
 * the model learns again: it is made and used for one row, never kept.
 */
export interface ClassifierEvidence {
  /** The tables the scores come from. */
  readonly tables: LogTables;
  readonly scores: readonly number[];
  /** How many of the tokens the model knows; none means no evidence beyond the prior. */
  readonly known: number;
}

interface LogTables {
  categories: string[];
  priors: number[];
  /** Per known token, `log P(token | category)` for each category, in `categories` order. */
  tokens: Map<string, number[]>;
}

/**
 * Tier 3: a multinomial naive Bayes text classifier (the `classificator` package) trained on
 * the user's own mappings, the category keywords and earlier categorised rows. It runs
 * locally and reports the posterior probability of its best category as confidence.
 */
export class LocalClassifier {
  private readonly model: Naivebayes;
  private readonly cache = new LRUCache<string, { prediction: Prediction | undefined }>({ max: CACHE_LIMIT });
  /** The model's log probabilities, derived lazily from its counts and dropped whenever it learns. */
  private logs: LogTables | undefined;
  private examples = 0;

  /**
   * `alpha` is the additive smoothing. Party names are a few words long, and with Laplace
   * smoothing (1) the posterior of even a clear match stays flat across ~25 categories; 0.1
   * keeps unseen words harmless while letting a known word speak (see docs/categorization.md
   * for the measurement).
   */
  constructor(options: { alpha?: number } = {}) {
    this.model = new Naivebayes({ tokenizer: tokenize, alpha: options.alpha ?? DEFAULT_SMOOTHING });
  }

  /** Learns one example; examples without any usable word are skipped. */
  learn(example: LabelledExample): void {
    const text = rowText(example.party, example.text);
    if (tokenize(text).length === 0) return;
    this.model.learn(text, example.category);
    this.examples += 1;
    // Training runs ~700 examples at every start; clearing an empty LRU is not free.
    if (this.cache.size > 0) this.cache.clear();
    this.logs = undefined;
  }

  learnAll(examples: Iterable<LabelledExample>): void {
    for (const example of examples) this.learn(example);
  }

  get size(): number {
    return this.examples;
  }

  /** The best category and its posterior, whatever the threshold; undefined when nothing is known. */
  predict(input: Pick<CategorizeInput, 'party' | 'text'>): Prediction | undefined {
    const text = rowText(input.party, input.text);
    const cached = this.cache.get(text);
    if (cached) return cached.prediction;
    const prediction = this.examples > 0 ? this.posterior(this.evidence(tokenize(text)), 0) : undefined;
    this.cache.set(text, { prediction });
    return prediction;
  }

  /** A decision only when the posterior reaches the threshold. */
  decide(input: CategorizeInput, threshold: number): CategoryDecision | undefined {
    return classifierDecision(this.predict(input), threshold);
  }

  /**
   * The evidence of `tokens`, added to `base` when given (a row's text tokens to its party's).
   * Scores are summed per category in token order, as a single pass over all tokens would, so
   * the posterior agrees with the library's to the last bit.
   */
  evidence(tokens: readonly string[], base?: ClassifierEvidence): ClassifierEvidence {
    const tables = this.tables();
    // Copied on the first known token only; scores are never changed once handed out, so they can be shared.
    let scores: number[] | undefined;
    let known = base?.known ?? 0;
    for (const token of tokens) {
      const logs = this.tokenLogs(tables, token);
      if (!logs) continue;
      scores ??= (base?.scores ?? tables.priors).slice();
      known += 1;
      for (let c = 0; c < scores.length; c += 1) scores[c] = (scores[c] as number) + (logs[c] as number);
    }
    return { tables, scores: scores ?? base?.scores ?? tables.priors, known };
  }

  /** `decide` from evidence; stops summing the posterior's normaliser as soon as it falls below the threshold. */
  decideFrom(evidence: ClassifierEvidence, threshold: number): CategoryDecision | undefined {
    return classifierDecision(this.examples > 0 ? this.posterior(evidence, threshold) : undefined, threshold);
  }

  private tables(): LogTables {
    if (!this.logs) {
      const categories = Object.keys(this.model.categories);
      const priors = categories.map((category) =>
        Math.log((this.model.docCount[category] ?? 0) / this.model.totalDocuments),
      );
      this.logs = { categories, priors, tokens: new Map() };
    }
    return this.logs;
  }

  /** The log probabilities of a token, or undefined when the model never saw it. */
  private tokenLogs(tables: LogTables, token: string): number[] | undefined {
    let logs = tables.tokens.get(token);
    if (!logs && (this.model.vocabulary[token] ?? 0) > 0) {
      logs = tables.categories.map((category) => Math.log(this.model.tokenProbability(token, category)));
      tables.tokens.set(token, logs);
    }
    return logs;
  }

  /**
   * The multinomial naive Bayes posterior of the best category, from the library's counts.
   * Computed here in doubles with log-sum-exp: the library's own `categorize` uses decimal.js
   * and takes ~15 ms per row with ~25 categories, too slow for statements of thousands of rows.
   * The normaliser only grows, so once `1 / normaliser` is under `threshold` the answer cannot
   * pass it and the remaining terms are skipped (undefined is returned).
   */
  private posterior({ tables, scores, known }: ClassifierEvidence, threshold: number): Prediction | undefined {
    // Without a single known word the posterior is just the class prior: not evidence.
    if (known === 0) return undefined;
    let best = 0;
    for (let c = 1; c < scores.length; c += 1) if ((scores[c] as number) > (scores[best] as number)) best = c;
    const top = scores[best] as number;
    let normaliser = 0;
    for (let c = 0; c < scores.length; c += 1) {
      normaliser += Math.exp((scores[c] as number) - top);
      if (1 / normaliser < threshold) return undefined;
    }
    return { category: tables.categories[best] as string, confidence: 1 / normaliser };
  }
}

/** A classifier decision only when the posterior reaches the threshold. */
export function classifierDecision(
  prediction: Prediction | undefined,
  threshold: number,
): CategoryDecision | undefined {
  if (!prediction || prediction.confidence < threshold) return undefined;
  return { category: prediction.category, tier: 'classifier', confidence: prediction.confidence };
}
